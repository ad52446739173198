export { estimateImportCharges, type ImportEstimate } from "./estimate";
export { IMPORT_RULES, PRICED_DELIVERED, TAX_SOURCE, nationalTax, type ImportRule } from "./rules";
