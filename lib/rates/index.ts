export { MAX_RATES_BYTES, parseEcbDaily, RatesDocumentError, type DayOfRates } from "./ecb";
export { currencyUnavailable, currentRate, rateOnWire, type UsedRate } from "./table";
export { refreshExchangeRates, type RefreshResult } from "./refresh";
