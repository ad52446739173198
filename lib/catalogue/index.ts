export { collectionNames, collectionsForPerson, listCollections, listDesigns, listLogos } from "./queries";
export { seedCatalogue } from "./seed";
export { listCharities, type CharityChoice } from "./charities";
export { cardImage, cardImagePath, composeCard } from "./card-image";
