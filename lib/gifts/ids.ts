import { randomSecret } from "@/lib/crypto";

/** Gift ids are unguessable: 128 random bits. */
export const newGiftId = () => `gft_${randomSecret(16)}`;

export const newBatchId = () => `bat_${randomSecret(12)}`;
