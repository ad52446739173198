import type { CatalogueTranslation } from "./types";

/** The catalogue in Spanish. */
export const es: CatalogueTranslation = {
  collections: {
    "coffee-lovers": {
      name: "Amantes del café",
      description:
        "Todo para un café de la mañana sin prisas y delicioso: granos de origen único recién tostados, un set de goteo de cerámica y un vaso de viaje para el trayecto. Y para rematar, biscotti de almendra horneados dos veces, perfectos para mojar.",
    },
    "tea-time": {
      name: "La hora del té",
      description:
        "Un ritual de tarde relajante en una caja: un trío de tés a granel, una tetera de vidrio con infusor y algo dulce para acompañar.",
    },
    "wellness-and-calm": {
      name: "Bienestar y calma",
      description:
        "Un kit pensado para desconectar después de una semana intensa, con una vela de lavanda, sales de baño minerales y todo lo necesario para dormir de verdad.",
    },
    "desk-upgrade": {
      name: "Mejora tu escritorio",
      description:
        "Mejoras prácticas y bonitas para el escritorio de casa o de la oficina, desde un cargador inalámbrico rápido hasta un organizador de nogal que por fin pone orden.",
    },
    "sweet-treats": {
      name: "Caprichos dulces",
      description:
        "Una caja de dulces artesanales que gusta a todo el mundo, desde chocolate negro con sal marina hasta macarons franceses hechos a mano.",
    },
    "outdoor-adventure": {
      name: "Aventura al aire libre",
      description:
        "Equipo listo para el sendero para exploradores de fin de semana: un forro polar cálido con media cremallera, una botella térmica y una manta de pícnic para la cumbre.",
    },
    "cozy-home": {
      name: "Hogar acogedor",
      description:
        "Todo para una noche perfecta en casa: una manta de punto grueso, una sudadera orgánica suave, calcetines de merino y un chocolate caliente intenso.",
    },
    "welcome-kit": {
      name: "Kit de bienvenida",
      description:
        "Causa una gran primera impresión desde el primer día con básicos cómodos y útiles para la oficina y mucho más.",
    },
  },
  products: {
    "single-origin-coffee-beans": {
      name: "Café en grano de origen único",
      description:
        "250 g de café en grano Yirgacheffe de Etiopía, de un pequeño tostador artesanal, con notas vivas de arándano, jazmín y chocolate negro.",
    },
    "ceramic-pour-over-set": {
      name: "Set de goteo de cerámica",
      description:
        "Un gotero de cerámica esmaltado a mano con una jarra de vidrio de 600 ml para una taza limpia y equilibrada cada vez.",
    },
    "insulated-travel-mug": {
      name: "Vaso de viaje térmico",
      description:
        "Su doble pared de acero inoxidable mantiene el café caliente durante seis horas, y su tapa antigoteo cabe en la mayoría de portavasos. 350 ml.",
    },
    "speckled-stoneware-mug": {
      name: "Taza de gres moteado",
      description:
        "Una taza generosa de 400 ml, torneada y esmaltada a mano en un pequeño taller, así que no hay dos exactamente iguales.",
    },
    "almond-biscotti": {
      name: "Biscotti de almendra",
      description:
        "Crujientes biscotti toscanos horneados dos veces y repletos de almendras tostadas. Hechos para mojar.",
    },
    "loose-leaf-tea-trio": {
      name: "Trío de tés a granel",
      description:
        "Tres latas de té de hoja entera: Earl Grey con aciano, sencha japonés y un chai de rooibos sin cafeína.",
    },
    "glass-teapot": {
      name: "Tetera de vidrio con infusor",
      description:
        "Una tetera de vidrio borosilicato resistente al calor con infusor de acero inoxidable extraíble. Prepara hasta cuatro tazas.",
    },
    "wildflower-honey": {
      name: "Miel cruda de flores silvestres",
      description:
        "Miel sin filtrar de un colmenar familiar, con un cazo de madera de haya para añadirla directamente a tu taza.",
    },
    "porcelain-cup-and-saucer": {
      name: "Taza y platillo de porcelana",
      description:
        "Porcelana fina con una suave franja verde salvia, lo bastante elegante para las visitas y lo bastante resistente para el día a día.",
    },
    "butter-shortbread": {
      name: "Lata de shortbread de mantequilla",
      description:
        "Clásicas galletas escocesas de pura mantequilla, horneadas hasta quedar crujientes y presentadas en una lata de tartán para guardar.",
    },
    "lavender-soy-candle": {
      name: "Vela de soja de lavanda",
      description:
        "Cera de soja vertida a mano con aroma a lavanda francesa y manzanilla, con unas 40 horas de combustión.",
    },
    "eucalyptus-bath-salts": {
      name: "Sales de baño de eucalipto",
      description:
        "Sales del mar Muerto y de Epsom mezcladas con aceites esenciales de eucalipto y menta para aliviar los músculos cansados.",
    },
    "silk-sleep-mask": {
      name: "Antifaz de seda de morera",
      description: "Seda de morera pura que bloquea la luz y es delicada con la piel, con una cinta ajustable y suave.",
    },
    "eco-yoga-mat": {
      name: "Esterilla de yoga ecológica",
      description:
        "Una esterilla de caucho natural de 4 mm con superficie antideslizante y correa de transporte, para practicar en casa o en el estudio.",
    },
    "gratitude-journal": {
      name: "Diario de gratitud",
      description:
        "Un diario guiado encuadernado en lino con propuestas diarias de cinco minutos para una rutina más tranquila y positiva.",
    },
    "wireless-charging-pad": {
      name: "Base de carga inalámbrica",
      description:
        "Un cargador Qi fino de 15 W con acabado suave al tacto, compatible con los móviles recientes y los auriculares inalámbricos.",
    },
    "dot-grid-notebook": {
      name: "Cuaderno de puntos",
      description:
        "Un cuaderno A5 con tapas de lino y 192 páginas de papel punteado de 100 g/m², cinta marcapáginas y cierre elástico.",
    },
    "brass-ballpoint-pen": {
      name: "Bolígrafo de latón",
      description:
        "Un bolígrafo contundente de latón macizo que con el tiempo adquiere una cálida pátina. Incluye un recambio.",
    },
    "potted-succulent": {
      name: "Suculenta en maceta",
      description:
        "Una resistente echeveria en maceta de terracota: la forma más fácil de dar un poco de vida a cualquier escritorio.",
    },
    "walnut-desk-organizer": {
      name: "Organizador de escritorio de nogal",
      description:
        "Un organizador de nogal macizo con compartimentos para bolígrafos y notas adhesivas, y una ranura que también sirve de soporte para el móvil.",
    },
    "sea-salt-dark-chocolate": {
      name: "Chocolate negro con sal marina",
      description: "Una tableta de chocolate negro de origen único al 70 %, terminada con escamas de sal marina.",
    },
    "salted-caramels": {
      name: "Caramelos de mantequilla salada",
      description:
        "Caramelos blandos y masticables, cocinados a fuego lento en ollas de cobre y envueltos uno a uno en papel encerado.",
    },
    "french-macarons": {
      name: "Macarons franceses",
      description:
        "Delicados macarons de almendra de pistacho, frambuesa, lavanda y limón, en una caja bonita para guardar.",
    },
    "caramel-popcorn": {
      name: "Palomitas de caramelo",
      description: "Palomitas crujientes artesanales bañadas en caramelo de mantequilla con una pizca de sal marina.",
    },
    "honey-stroopwafels": {
      name: "Stroopwafels de miel",
      description:
        "Finos gofres holandeses rellenos de caramelo de miel. Están mejor templados sobre una bebida caliente.",
    },
    "insulated-water-bottle": {
      name: "Botella térmica",
      description:
        "Una botella de acero de 750 ml con aislamiento al vacío que mantiene las bebidas frías durante 24 horas, con tapón con asa.",
    },
    "quarter-zip-fleece": {
      name: "Forro polar con media cremallera",
      description:
        "Un forro polar de peso medio de poliéster reciclado con cuello alto, ideal para llevar por capas en excursiones frescas.",
    },
    "enamel-camp-mug": {
      name: "Taza de camping esmaltada",
      description:
        "Una taza esmaltada clásica con estampado de montañas, resistente para la hoguera y con encanto para la oficina.",
    },
    "packable-picnic-blanket": {
      name: "Manta de pícnic plegable",
      description:
        "Una manta de cuadros resistente al agua que se enrolla fácilmente y se lleva con su correa de cuero.",
    },
    "summit-trail-mix": {
      name: "Mezcla de frutos secos Cumbre",
      description:
        "Una mezcla contundente de almendras tostadas, anacardos, arándanos rojos deshidratados y trozos de chocolate negro.",
    },
    "chunky-knit-throw": {
      name: "Manta de punto grueso",
      description: "Una manta tejida a mano en una mezcla de algodón irresistiblemente suave, de 130 × 170 cm.",
    },
    "organic-cotton-hoodie": {
      name: "Sudadera con capucha de algodón orgánico",
      description:
        "Una sudadera gruesa con interior perchado de algodón orgánico certificado, con un amplio bolsillo canguro.",
    },
    "merino-lounge-socks": {
      name: "Calcetines de merino para casa",
      description: "Calcetines acolchados de lana merino que mantienen los pies calientes sin dar calor de más.",
    },
    "hot-cocoa-kit": {
      name: "Kit de chocolate caliente",
      description:
        "Cacao belga intenso en capas con pepitas de chocolate y mini nubes. Solo tienes que añadir leche caliente.",
    },
    "cedar-reed-diffuser": {
      name: "Difusor de varillas de cedro",
      description: "Un difusor de varillas de larga duración con cálidas notas de madera de cedro, ámbar y vainilla.",
    },
    "organic-cotton-tee": {
      name: "Camiseta de algodón orgánico",
      description:
        "Una camiseta suave de cuello redondo y corte holgado en punto de algodón orgánico, que mejora con cada lavado.",
    },
    "canvas-tote-bag": {
      name: "Bolsa tote de lona",
      description:
        "Una bolsa resistente de lona gruesa con asas largas y bolsillo interior, con espacio de sobra para un portátil.",
    },
    "felt-laptop-sleeve": {
      name: "Funda de fieltro para portátil",
      description: "Una funda de fieltro de lana con lengüeta de cierre de cuero, para portátiles de 13 a 14 pulgadas.",
    },
    "enamel-pin-set": {
      name: "Set de pins esmaltados",
      description: "Tres pins de esmalte duro con bordes dorados, perfectos para mochilas, cintas y chaquetas.",
    },
    "sticker-pack": {
      name: "Pack de pegatinas",
      description: "Dos hojas de pegatinas de vinilo impermeables para portátiles, botellas y cuadernos.",
    },
  },
  colors: {
    Coral: "Coral",
    Charcoal: "Gris marengo",
    Sage: "Verde salvia",
    Blush: "Rosa empolvado",
    Midnight: "Azul noche",
    Lavender: "Lavanda",
    Ocean: "Azul océano",
    Navy: "Azul marino",
    Terracotta: "Terracota",
    Forest: "Verde bosque",
    Glacier: "Azul glaciar",
    Sunset: "Atardecer",
    Oatmeal: "Avena",
    "Heather Grey": "Gris jaspeado",
    White: "Blanco",
    Natural: "Natural",
    Black: "Negro",
    Grey: "Gris",
  },
  charities: {
    "clean-water-fund": {
      name: "Fondo Agua Limpia",
      sentence: "Construye y repara pozos para que los pueblos tengan agua potable cerca de casa.",
    },
    "school-meals": {
      name: "Fundación Comedores Escolares",
      sentence: "Sirve una comida caliente a niños y niñas en escuelas donde muchos se quedarían sin comer.",
    },
    "open-meadows": {
      name: "Prados Abiertos",
      sentence: "Compra y restaura prados y bosques como hogar para plantas y animales silvestres.",
    },
    "night-shelter": {
      name: "Red de Albergues Nocturnos",
      sentence: "Ofrece a las personas sin hogar una cama caliente, una comida y ayuda para encontrar dónde vivir.",
    },
    "first-books": {
      name: "Primeros Libros",
      sentence: "Pone libros nuevos en manos de niños y niñas que no tienen ninguno propio.",
    },
  },
  designs: {
    "happy-birthday": { name: "Feliz cumpleaños", card: ["¡Feliz", "cumpleaños!", "Te deseamos un año maravilloso"] },
    "thank-you": { name: "Gracias", card: ["Gracias", "Valoramos de verdad todo lo que haces"] },
    congratulations: { name: "Enhorabuena", card: ["¡Enhorabuena!", "Por un éxito más que merecido"] },
    "welcome-aboard": {
      name: "Te damos la bienvenida",
      card: ["Te damos la bienvenida", "Nos alegra mucho tenerte en el equipo"],
    },
    "happy-holidays": {
      name: "Felices fiestas",
      card: ["Felices fiestas", "Te deseamos unas fiestas llenas de alegría"],
    },
    "work-anniversary": {
      name: "Aniversario en la empresa",
      card: ["¡Feliz", "aniversario!", "Por otro año increíble juntos"],
    },
    "get-well-soon": { name: "Que te mejores", card: ["Que te mejores", "Te mandamos mucho ánimo"] },
    "good-luck": { name: "Buena suerte", card: ["¡Buena suerte!", "Estamos contigo"] },
  },
};
