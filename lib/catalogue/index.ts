export { findCollection, findDesign, findLogo, listCollections, listDesigns, listLogos } from "./queries";
export { seedCatalogue } from "./seed";
