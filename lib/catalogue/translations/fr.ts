import type { CatalogueTranslation } from "./types";

/** The catalogue in French. */
export const fr: CatalogueTranslation = {
  collections: {
    "coffee-lovers": {
      name: "Amateurs de café",
      description:
        "Tout pour un café du matin savouré sans se presser : des grains d’origine unique fraîchement torréfiés, un set de filtre en céramique et un mug de voyage pour le trajet. Avec, pour finir, des biscotti aux amandes cuits deux fois, à tremper.",
    },
    "tea-time": {
      name: "L’heure du thé",
      description:
        "Un rituel d’après-midi apaisant dans une boîte : trois thés en vrac, une théière en verre avec infuseur et une petite douceur pour accompagner.",
    },
    "wellness-and-calm": {
      name: "Bien-être & sérénité",
      description:
        "Un coffret attentionné pour décompresser après une semaine chargée, avec une bougie à la lavande, des sels de bain minéraux et tout ce qu’il faut pour une vraie bonne nuit.",
    },
    "desk-upgrade": {
      name: "Bureau sublimé",
      description:
        "Des accessoires pratiques et beaux pour le bureau, à la maison comme au travail, du chargeur sans fil rapide à l’organiseur en noyer qui vient enfin à bout du désordre.",
    },
    "sweet-treats": {
      name: "Douceurs sucrées",
      description:
        "Une boîte de gourmandises artisanales qui plaît à tout le monde, du chocolat noir à la fleur de sel aux macarons français pochés à la main.",
    },
    "outdoor-adventure": {
      name: "Aventure en plein air",
      description:
        "L’équipement des explorateurs du week-end : une polaire chaude à col zippé, une gourde isotherme et une couverture de pique-nique pour le sommet.",
    },
    "cozy-home": {
      name: "Cocon douillet",
      description:
        "Tout pour une soirée parfaite à la maison : un plaid en grosse maille, un sweat à capuche bio tout doux, des chaussettes en mérinos et un chocolat chaud onctueux.",
    },
    "welcome-kit": {
      name: "Kit de bienvenue",
      description:
        "Faites une belle première impression dès le premier jour avec des essentiels confortables et utiles, au bureau et au-delà.",
    },
  },
  products: {
    "single-origin-coffee-beans": {
      name: "Café en grains d’origine unique",
      description:
        "250 g de café en grains Yirgacheffe d’Éthiopie, issu d’un petit torréfacteur artisanal, aux notes vives de myrtille, de jasmin et de chocolat noir.",
    },
    "ceramic-pour-over-set": {
      name: "Set de filtre en céramique",
      description:
        "Un porte-filtre en céramique émaillé à la main, associé à une carafe en verre de 600 ml, pour une tasse nette et équilibrée à chaque fois.",
    },
    "insulated-travel-mug": {
      name: "Mug de voyage isotherme",
      description:
        "Sa double paroi en acier inoxydable garde le café chaud pendant six heures, et son couvercle étanche s’adapte à la plupart des porte-gobelets. 350 ml.",
    },
    "speckled-stoneware-mug": {
      name: "Mug en grès moucheté",
      description:
        "Un généreux mug de 400 ml, tourné et émaillé à la main dans un petit atelier : aucun n’est tout à fait identique.",
    },
    "almond-biscotti": {
      name: "Biscotti aux amandes",
      description:
        "Des biscotti toscans croquants, cuits deux fois et parsemés d’amandes grillées. Faits pour être trempés.",
    },
    "loose-leaf-tea-trio": {
      name: "Trio de thés en vrac",
      description:
        "Trois boîtes de thé en feuilles entières : Earl Grey aux bleuets, sencha japonais et chai au rooibos sans théine.",
    },
    "glass-teapot": {
      name: "Théière en verre avec infuseur",
      description:
        "Une théière en verre borosilicaté résistant à la chaleur, avec un infuseur amovible en inox. Jusqu’à quatre tasses.",
    },
    "wildflower-honey": {
      name: "Miel cru de fleurs sauvages",
      description:
        "Un miel non filtré d’un rucher familial, avec une cuillère à miel en hêtre pour le verser directement dans votre tasse.",
    },
    "porcelain-cup-and-saucer": {
      name: "Tasse et soucoupe en porcelaine",
      description:
        "Une porcelaine fine ornée d’un liseré vert sauge, assez élégante pour recevoir et assez solide pour tous les jours.",
    },
    "butter-shortbread": {
      name: "Boîte de shortbread pur beurre",
      description:
        "Des sablés écossais classiques pur beurre, bien croustillants, dans une jolie boîte tartan à garder.",
    },
    "lavender-soy-candle": {
      name: "Bougie de soja à la lavande",
      description:
        "Cire de soja coulée à la main, parfumée à la lavande de France et à la camomille, pour environ 40 heures de combustion.",
    },
    "eucalyptus-bath-salts": {
      name: "Sels de bain à l’eucalyptus",
      description:
        "Sels de la mer Morte et d’Epsom mêlés aux huiles essentielles d’eucalyptus et de menthe poivrée pour apaiser les muscles fatigués.",
    },
    "silk-sleep-mask": {
      name: "Masque de nuit en soie de mûrier",
      description:
        "En pure soie de mûrier, il bloque la lumière tout en restant doux pour la peau, avec une bande réglable et souple.",
    },
    "eco-yoga-mat": {
      name: "Tapis de yoga écologique",
      description:
        "Un tapis en caoutchouc naturel de 4 mm, à la surface antidérapante, avec sangle de transport, pour pratiquer chez soi ou au studio.",
    },
    "gratitude-journal": {
      name: "Journal de gratitude",
      description:
        "Un journal guidé relié en lin, avec des exercices quotidiens de cinq minutes pour un quotidien plus serein et plus positif.",
    },
    "wireless-charging-pad": {
      name: "Chargeur sans fil",
      description:
        "Un chargeur Qi fin de 15 W au toucher doux, compatible avec les téléphones récents et les écouteurs sans fil.",
    },
    "dot-grid-notebook": {
      name: "Carnet à points",
      description:
        "Un carnet A5 à couverture en lin, 192 pages de papier pointillé de 100 g/m², un signet en ruban et une fermeture élastique.",
    },
    "brass-ballpoint-pen": {
      name: "Stylo à bille en laiton",
      description:
        "Un stylo en laiton massif, bien en main, qui se patine joliment avec le temps. Livré avec une recharge.",
    },
    "potted-succulent": {
      name: "Plante grasse en pot",
      description:
        "Une échévéria robuste dans un pot en terre cuite : le moyen le plus simple d’apporter un peu de vie à n’importe quel bureau.",
    },
    "walnut-desk-organizer": {
      name: "Organiseur de bureau en noyer",
      description:
        "Un vide-poche en noyer massif avec des compartiments pour stylos et notes adhésives, et une fente qui sert aussi de support de téléphone.",
    },
    "sea-salt-dark-chocolate": {
      name: "Chocolat noir à la fleur de sel",
      description: "Une tablette de chocolat noir d’origine unique à 70 %, parsemée de flocons de sel de mer.",
    },
    "salted-caramels": {
      name: "Caramels au beurre salé",
      description:
        "Des caramels tendres et fondants, cuits lentement dans des chaudrons en cuivre et emballés un à un dans du papier ciré.",
    },
    "french-macarons": {
      name: "Macarons français",
      description:
        "De délicats macarons aux amandes, pistache, framboise, lavande et citron, dans une jolie boîte à garder.",
    },
    "caramel-popcorn": {
      name: "Pop-corn au caramel",
      description: "Un pop-corn artisanal croquant, enrobé de caramel au beurre avec une pincée de sel de mer.",
    },
    "honey-stroopwafels": {
      name: "Stroopwafels au miel",
      description:
        "De fines gaufrettes hollandaises fourrées au caramel de miel. À faire tiédir sur une boisson chaude.",
    },
    "insulated-water-bottle": {
      name: "Gourde isotherme",
      description:
        "Une bouteille en acier isolée sous vide de 750 ml qui garde les boissons fraîches pendant 24 heures, avec un bouchon à anse.",
    },
    "quarter-zip-fleece": {
      name: "Polaire col zippé",
      description:
        "Une polaire mi-épaisse en polyester recyclé, à col montant, idéale à superposer lors des randonnées fraîches.",
    },
    "enamel-camp-mug": {
      name: "Tasse de camping émaillée",
      description:
        "Une tasse émaillée classique à motif montagne, assez solide pour le feu de camp et assez charmante pour le bureau.",
    },
    "packable-picnic-blanket": {
      name: "Couverture de pique-nique nomade",
      description:
        "Une couverture à carreaux déperlante qui s’enroule facilement et se porte grâce à sa sangle en cuir.",
    },
    "summit-trail-mix": {
      name: "Mélange montagnard Sommet",
      description:
        "Un mélange copieux d’amandes grillées, de noix de cajou, de cranberries séchées et de pépites de chocolat noir.",
    },
    "chunky-knit-throw": {
      name: "Plaid en grosse maille",
      description: "Un plaid tricoté à la main dans un mélange de coton irrésistiblement doux, 130 × 170 cm.",
    },
    "organic-cotton-hoodie": {
      name: "Sweat à capuche en coton bio",
      description:
        "Un sweat à capuche épais en molleton gratté, en coton biologique certifié, avec une grande poche kangourou.",
    },
    "merino-lounge-socks": {
      name: "Chaussettes d’intérieur en mérinos",
      description: "Des chaussettes rembourrées en laine mérinos qui gardent les pieds au chaud sans surchauffer.",
    },
    "hot-cocoa-kit": {
      name: "Kit chocolat chaud",
      description:
        "Un cacao belge intense en couches, avec pépites de chocolat et mini-guimauves. Il ne reste qu’à ajouter du lait chaud.",
    },
    "cedar-reed-diffuser": {
      name: "Diffuseur à bâtonnets au cèdre",
      description: "Un diffuseur à bâtonnets longue durée aux notes chaudes de bois de cèdre, d’ambre et de vanille.",
    },
    "organic-cotton-tee": {
      name: "T-shirt en coton bio",
      description:
        "Un t-shirt col rond, doux et à coupe décontractée, en jersey de coton bio, qui s’embellit à chaque lavage.",
    },
    "canvas-tote-bag": {
      name: "Tote bag en toile",
      description:
        "Un tote bag robuste en toile épaisse, avec de longues anses et une poche intérieure, assez grand pour un ordinateur portable.",
    },
    "felt-laptop-sleeve": {
      name: "Housse d’ordinateur en feutre",
      description:
        "Une housse en feutre de laine avec languette de fermeture en cuir, pour ordinateurs de 13 à 14 pouces.",
    },
    "enamel-pin-set": {
      name: "Lot de pin’s émaillés",
      description:
        "Trois pin’s en émail dur aux bords dorés, parfaits pour les sacs à dos, les tours de cou et les vestes.",
    },
    "sticker-pack": {
      name: "Pochette d’autocollants",
      description: "Deux planches d’autocollants en vinyle imperméables pour ordinateurs, gourdes et carnets.",
    },
  },
  colors: {
    Coral: "Corail",
    Charcoal: "Anthracite",
    Sage: "Vert sauge",
    Blush: "Rose poudré",
    Midnight: "Bleu nuit",
    Lavender: "Lavande",
    Ocean: "Bleu océan",
    Navy: "Bleu marine",
    Terracotta: "Terre cuite",
    Forest: "Vert forêt",
    Glacier: "Bleu glacier",
    Sunset: "Coucher de soleil",
    Oatmeal: "Flocon d’avoine",
    "Heather Grey": "Gris chiné",
    White: "Blanc",
    Natural: "Naturel",
    Black: "Noir",
    Grey: "Gris",
  },
  charities: {
    "clean-water-fund": {
      name: "Fonds pour l’eau potable",
      sentence: "Construit et répare des puits pour que les villages aient de l’eau saine près de chez eux.",
    },
    "school-meals": {
      name: "Fondation Repas à l’école",
      sentence: "Sert un déjeuner chaud aux enfants dans des écoles où beaucoup, sinon, n’auraient rien.",
    },
    "open-meadows": {
      name: "Prairies ouvertes",
      sentence:
        "Achète et restaure des prairies et des bois pour offrir un refuge aux plantes et aux animaux sauvages.",
    },
    "night-shelter": {
      name: "Réseau Abri de nuit",
      sentence: "Offre aux personnes sans domicile un lit chaud, un repas et de l’aide pour trouver un logement.",
    },
    "first-books": {
      name: "Premiers livres",
      sentence: "Met des livres neufs entre les mains d’enfants qui n’en possèdent aucun.",
    },
  },
  designs: {
    "happy-birthday": {
      name: "Joyeux anniversaire",
      card: ["Joyeux", "anniversaire !", "Tous nos vœux pour une merveilleuse année"],
    },
    "thank-you": { name: "Merci", card: ["Merci", "Nous apprécions sincèrement tout ce que vous faites"] },
    congratulations: { name: "Félicitations", card: ["Félicitations !", "À votre succès, amplement mérité"] },
    "welcome-aboard": { name: "Bienvenue à bord", card: ["Bienvenue à bord", "Ravis de vous compter dans l’équipe"] },
    "happy-holidays": {
      name: "Joyeuses fêtes",
      card: ["Joyeuses fêtes", "Chaleureux vœux pour une saison pleine de joie"],
    },
    "work-anniversary": {
      name: "Anniversaire professionnel",
      card: ["Joyeux anniversaire", "professionnel", "À une nouvelle année formidable"],
    },
    "get-well-soon": { name: "Bon rétablissement", card: ["Bon rétablissement", "Nous pensons bien à vous"] },
    "good-luck": { name: "Bonne chance", card: ["Bonne chance !", "Nous croisons les doigts pour vous"] },
  },
};
