import { apiEndpoint } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { receiveResendEvent } from "@/lib/api/resend-events";

/** Resend's email events (bounces, complaints, deliveries): docs/operations.md, "Deliverability". */
export const POST = apiEndpoint(receiveResendEvent);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
