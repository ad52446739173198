import type { CatalogueTranslation } from "./types";

/** The catalogue in German. */
export const de: CatalogueTranslation = {
  collections: {
    "coffee-lovers": {
      name: "Für Kaffeeliebhaber",
      description:
        "Alles für einen entspannten, genussvollen Kaffeemorgen: frisch geröstete Single-Origin-Bohnen, ein Pour-over-Set aus Keramik und ein Thermobecher für unterwegs. Dazu zweifach gebackene Mandel-Cantuccini zum Eintunken.",
    },
    "tea-time": {
      name: "Teezeit",
      description:
        "Ein beruhigendes Nachmittagsritual in einer Box: drei lose Tees, eine Glasteekanne mit Sieb und etwas Süßes dazu.",
    },
    "wellness-and-calm": {
      name: "Wellness & Ruhe",
      description:
        "Ein liebevoll zusammengestelltes Set zum Abschalten nach einer vollen Woche: mit Lavendelkerze, Mineralbadesalz und allem, was es für eine erholsame Nacht braucht.",
    },
    "desk-upgrade": {
      name: "Schreibtisch-Upgrade",
      description:
        "Praktische, schöne Extras für den Schreibtisch zu Hause oder im Büro, vom schnellen kabellosen Ladegerät bis zum Walnuss-Organizer, der das Chaos endlich bändigt.",
    },
    "sweet-treats": {
      name: "Süße Leckereien",
      description:
        "Eine Box voller Naschereien aus kleinen Manufakturen, die allen schmeckt: von dunkler Schokolade mit Meersalz bis zu handgespritzten französischen Macarons.",
    },
    "outdoor-adventure": {
      name: "Outdoor-Abenteuer",
      description:
        "Ausrüstung für Wochenend-Entdecker: eine warme Fleecejacke mit kurzem Reißverschluss, eine isolierte Trinkflasche und eine Picknickdecke für den Gipfel.",
    },
    "cozy-home": {
      name: "Gemütliches Zuhause",
      description:
        "Alles für einen perfekten Abend daheim: eine grob gestrickte Kuscheldecke, ein weicher Bio-Hoodie, Merinosocken und eine kräftige heiße Schokolade.",
    },
    "welcome-kit": {
      name: "Willkommenspaket",
      description:
        "Ein gelungener erster Eindruck ab Tag eins: bequeme, nützliche Begleiter fürs Büro und darüber hinaus.",
    },
  },
  products: {
    "single-origin-coffee-beans": {
      name: "Single-Origin-Kaffeebohnen",
      description:
        "250 g ganze Bohnen Äthiopien Yirgacheffe aus einer kleinen Rösterei, mit frischen Noten von Blaubeere, Jasmin und dunkler Schokolade.",
    },
    "ceramic-pour-over-set": {
      name: "Pour-over-Set aus Keramik",
      description:
        "Ein von Hand glasierter Keramikfilter mit einer Glaskaraffe (600 ml) für eine klare, ausgewogene Tasse, jedes Mal.",
    },
    "insulated-travel-mug": {
      name: "Thermobecher",
      description:
        "Doppelwandiger Edelstahl hält Kaffee sechs Stunden lang heiß, dazu ein auslaufsicherer Deckel, der in die meisten Becherhalter passt. 350 ml.",
    },
    "speckled-stoneware-mug": {
      name: "Gesprenkelter Steinzeugbecher",
      description:
        "Ein großzügiger Becher mit 400 ml, in einem kleinen Atelier von Hand gedreht und glasiert, deshalb ist jeder ein Unikat.",
    },
    "almond-biscotti": {
      name: "Mandel-Cantuccini",
      description:
        "Knusprige, zweifach gebackene Cantuccini aus der Toskana mit gerösteten Mandeln. Wie gemacht zum Eintunken.",
    },
    "loose-leaf-tea-trio": {
      name: "Blatttee-Trio",
      description:
        "Drei Dosen Blatttee: Earl Grey mit Kornblumenblüten, japanischer Sencha und ein koffeinfreier Rooibos-Chai.",
    },
    "glass-teapot": {
      name: "Glasteekanne mit Sieb",
      description:
        "Eine hitzebeständige Teekanne aus Borosilikatglas mit herausnehmbarem Edelstahlsieb. Für bis zu vier Tassen.",
    },
    "wildflower-honey": {
      name: "Roher Wildblütenhonig",
      description:
        "Ungefilterter Honig aus einer familiengeführten Imkerei, mit einem Honiglöffel aus Buchenholz, um ihn direkt in die Tasse zu rühren.",
    },
    "porcelain-cup-and-saucer": {
      name: "Porzellantasse mit Untertasse",
      description:
        "Feines Porzellan mit einem zarten salbeigrünen Rand, elegant genug für Gäste und robust genug für jeden Tag.",
    },
    "butter-shortbread": {
      name: "Butter-Shortbread in der Dose",
      description:
        "Klassisches schottisches Shortbread aus reiner Butter, knusprig gebacken und in einer Schottenkaro-Dose zum Aufbewahren verpackt.",
    },
    "lavender-soy-candle": {
      name: "Lavendel-Sojakerze",
      description:
        "Von Hand gegossenes Sojawachs mit dem Duft von französischem Lavendel und Kamille, für rund 40 Stunden Brenndauer.",
    },
    "eucalyptus-bath-salts": {
      name: "Eukalyptus-Badesalz",
      description:
        "Salz aus dem Toten Meer und Bittersalz mit ätherischen Ölen aus Eukalyptus und Pfefferminze, das müde Muskeln entspannt.",
    },
    "silk-sleep-mask": {
      name: "Schlafmaske aus Maulbeerseide",
      description:
        "Reine Maulbeerseide, die das Licht abschirmt und sanft zur Haut ist, mit einem weichen, verstellbaren Band.",
    },
    "eco-yoga-mat": {
      name: "Öko-Yogamatte",
      description:
        "Eine 4 mm starke Matte aus Naturkautschuk mit griffiger Oberfläche und Trageriemen, für zu Hause oder das Studio.",
    },
    "gratitude-journal": {
      name: "Dankbarkeitstagebuch",
      description:
        "Ein leinengebundenes Tagebuch mit täglichen Fünf-Minuten-Impulsen für einen ruhigeren, positiveren Alltag.",
    },
    "wireless-charging-pad": {
      name: "Kabelloses Ladepad",
      description:
        "Ein flaches Qi-Ladegerät mit 15 W und Soft-Touch-Oberfläche, passend für aktuelle Smartphones und kabellose Kopfhörer.",
    },
    "dot-grid-notebook": {
      name: "Notizbuch mit Punktraster",
      description:
        "Ein Notizbuch im Format A5 mit Leineneinband, 192 Seiten gepunktetem Papier (100 g/m²), Lesezeichenband und Gummiverschluss.",
    },
    "brass-ballpoint-pen": {
      name: "Kugelschreiber aus Messing",
      description:
        "Ein schwerer Stift aus massivem Messing, der mit der Zeit eine warme Patina bekommt. Mit Ersatzmine.",
    },
    "potted-succulent": {
      name: "Sukkulente im Topf",
      description:
        "Eine pflegeleichte Echeverie im Terrakottatopf: der einfachste Weg, etwas Leben auf jeden Schreibtisch zu bringen.",
    },
    "walnut-desk-organizer": {
      name: "Schreibtisch-Organizer aus Walnuss",
      description:
        "Ein Ordnungshelfer aus massivem Walnussholz mit Fächern für Stifte und Haftnotizen, dazu ein Schlitz, der auch als Handyständer dient.",
    },
    "sea-salt-dark-chocolate": {
      name: "Dunkle Schokolade mit Meersalz",
      description: "Eine Tafel dunkle Single-Origin-Schokolade mit 70 % Kakao, verfeinert mit Meersalzflocken.",
    },
    "salted-caramels": {
      name: "Karamellbonbons mit gesalzener Butter",
      description: "Weiche, zähe Karamellen, langsam in Kupferkesseln gekocht und einzeln in Wachspapier gewickelt.",
    },
    "french-macarons": {
      name: "Französische Macarons",
      description:
        "Zarte Mandel-Macarons in Pistazie, Himbeere, Lavendel und Zitrone, verpackt in einer hübschen Schachtel zum Aufbewahren.",
    },
    "caramel-popcorn": {
      name: "Karamell-Popcorn",
      description: "Knuspriges Popcorn aus kleiner Produktion, überzogen mit Butterkaramell und einer Prise Meersalz.",
    },
    "honey-stroopwafels": {
      name: "Honig-Stroopwafels",
      description: "Dünne holländische Waffeln mit Honigkaramellfüllung. Am besten auf einem heißen Getränk angewärmt.",
    },
    "insulated-water-bottle": {
      name: "Isolierte Trinkflasche",
      description:
        "Eine vakuumisolierte Stahlflasche mit 750 ml, die Getränke 24 Stunden lang kalt hält, mit Trageschlaufe am Deckel.",
    },
    "quarter-zip-fleece": {
      name: "Fleecepullover mit kurzem Reißverschluss",
      description:
        "Ein mittelschweres Fleece aus recyceltem Polyester mit Stehkragen, ideal zum Drunterziehen auf kühlen Wanderungen.",
    },
    "enamel-camp-mug": {
      name: "Emaille-Campingbecher",
      description:
        "Ein klassischer Emaillebecher mit Bergmotiv, robust genug fürs Lagerfeuer und charmant genug fürs Büro.",
    },
    "packable-picnic-blanket": {
      name: "Faltbare Picknickdecke",
      description:
        "Eine wasserabweisende karierte Decke, die sich ordentlich aufrollen und am Lederriemen tragen lässt.",
    },
    "summit-trail-mix": {
      name: "Gipfel-Studentenfutter",
      description:
        "Eine kräftige Mischung aus gerösteten Mandeln, Cashews, getrockneten Cranberrys und Zartbitterschokolade.",
    },
    "chunky-knit-throw": {
      name: "Grobstrick-Kuscheldecke",
      description: "Eine handgestrickte Decke aus einer herrlich weichen Baumwollmischung, 130 × 170 cm.",
    },
    "organic-cotton-hoodie": {
      name: "Hoodie aus Bio-Baumwolle",
      description:
        "Ein schwerer Hoodie mit angerauter Innenseite aus zertifizierter Bio-Baumwolle, mit geräumiger Kängurutasche.",
    },
    "merino-lounge-socks": {
      name: "Merino-Kuschelsocken",
      description: "Gepolsterte Socken aus Merinowolle, die die Füße warm halten, ohne dass sie schwitzen.",
    },
    "hot-cocoa-kit": {
      name: "Set für heiße Schokolade",
      description:
        "Kräftiger belgischer Kakao, geschichtet mit Schokostückchen und Mini-Marshmallows. Einfach heiße Milch dazugeben.",
    },
    "cedar-reed-diffuser": {
      name: "Duftstäbchen Zeder",
      description: "Ein langanhaltender Raumduft mit Stäbchen und warmen Noten von Zedernholz, Amber und Vanille.",
    },
    "organic-cotton-tee": {
      name: "T-Shirt aus Bio-Baumwolle",
      description:
        "Ein weiches T-Shirt mit Rundhalsausschnitt und lockerer Passform aus Bio-Baumwolljersey, das mit jeder Wäsche schöner wird.",
    },
    "canvas-tote-bag": {
      name: "Canvas-Tragetasche",
      description:
        "Eine stabile Tasche aus schwerem Canvas mit langen Henkeln und Innentasche, groß genug für einen Laptop.",
    },
    "felt-laptop-sleeve": {
      name: "Laptophülle aus Filz",
      description: "Eine Hülle aus Wollfilz mit Lederlasche, passend für Laptops von 13 bis 14 Zoll.",
    },
    "enamel-pin-set": {
      name: "Anstecker-Set aus Emaille",
      description: "Drei Hartemaille-Pins mit goldfarbenem Rand, perfekt für Rucksäcke, Schlüsselbänder und Jacken.",
    },
    "sticker-pack": {
      name: "Sticker-Set",
      description: "Zwei Bögen wasserfester Vinylsticker für Laptops, Flaschen und Notizbücher.",
    },
  },
  colors: {
    Coral: "Koralle",
    Charcoal: "Anthrazit",
    Sage: "Salbei",
    Blush: "Rosé",
    Midnight: "Mitternachtsblau",
    Lavender: "Lavendel",
    Ocean: "Ozeanblau",
    Navy: "Marineblau",
    Terracotta: "Terrakotta",
    Forest: "Waldgrün",
    Glacier: "Gletscherblau",
    Sunset: "Abendrot",
    Oatmeal: "Haferbeige",
    "Heather Grey": "Grau meliert",
    White: "Weiß",
    Natural: "Natur",
    Black: "Schwarz",
    Grey: "Grau",
  },
  charities: {
    "clean-water-fund": {
      name: "Fonds für sauberes Wasser",
      sentence: "Baut und repariert Brunnen, damit Dörfer sicheres Wasser in ihrer Nähe haben.",
    },
    "school-meals": {
      name: "Stiftung Schulessen",
      sentence: "Bringt Kindern an Schulen, an denen viele sonst leer ausgingen, ein warmes Mittagessen.",
    },
    "open-meadows": {
      name: "Offene Wiesen",
      sentence: "Kauft Wiesen und Wälder und stellt sie als Lebensraum für wilde Pflanzen und Tiere wieder her.",
    },
    "night-shelter": {
      name: "Netzwerk Nachtasyl",
      sentence: "Gibt Menschen ohne Zuhause ein warmes Bett, eine Mahlzeit und Hilfe bei der Suche nach einer Wohnung.",
    },
    "first-books": {
      name: "Erste Bücher",
      sentence: "Bringt neue Bücher zu Kindern, die noch kein eigenes Buch haben.",
    },
  },
  designs: {
    "happy-birthday": {
      name: "Alles Gute zum Geburtstag",
      card: ["Alles Gute", "zum Geburtstag!", "Auf ein wunderbares neues Lebensjahr"],
    },
    "thank-you": { name: "Danke", card: ["Danke", "Herzlichen Dank für alles, was Sie tun"] },
    congratulations: { name: "Herzlichen Glückwunsch", card: ["Glückwunsch!", "Auf Ihren wohlverdienten Erfolg"] },
    "welcome-aboard": { name: "Willkommen an Bord", card: ["Willkommen an Bord", "Schön, dass Sie im Team sind"] },
    "happy-holidays": {
      name: "Frohe Feiertage",
      card: ["Frohe Feiertage", "Herzliche Wünsche für eine fröhliche Zeit"],
    },
    "work-anniversary": {
      name: "Dienstjubiläum",
      card: ["Alles Gute zum", "Dienstjubiläum", "Auf ein weiteres großartiges Jahr"],
    },
    "get-well-soon": { name: "Gute Besserung", card: ["Gute Besserung", "Wir denken an Sie"] },
    "good-luck": { name: "Viel Glück", card: ["Viel Glück!", "Wir drücken Ihnen die Daumen"] },
  },
};
