export { collectionNames, collectionsForPerson, listCollections, listDesigns, listLogos } from "./queries";
export { seedCatalogue } from "./seed";
export { cardImage, cardImagePath, composeCard } from "./card-image";
