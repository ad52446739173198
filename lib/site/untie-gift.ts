import "server-only";
import { cache } from "react";
import { findGiftByUntieToken } from "@/lib/gifts/open-gift";
import { publicContext } from "./context";

/**
 * The gift behind an untie link, read once per request: the root layout (the page's language),
 * the metadata and the page all ask, and React's cache answers them with one query.
 */
export const untieGift = cache(async (token: string) => findGiftByUntieToken((await publicContext()).db, token));
