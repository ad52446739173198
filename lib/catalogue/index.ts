export {
  collectionNames,
  collectionsForPerson,
  listCollections,
  listDesigns,
  listLogos,
  sendChoices,
  type SendCollection,
  type SendDesign,
  teamCollectionChoices,
} from "./queries";
export { readSwapCollections } from "./swap";
export { seedCatalogue } from "./seed";
export { listCharities, type CharityChoice } from "./charities";
export { cardImage, cardImagePath, composeCard, designImage, designImagePath } from "./card-image";
export { catalogueIn, type CatalogueText } from "./localized";
