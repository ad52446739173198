import { config } from "@/lib/config";

/**
 * RIBBON_WEBHOOKS_ALLOW_PRIVATE=1 lets webhooks reach private, loopback and link-local
 * addresses (local development, tests with loopback receivers). Anything else, unset
 * included, refuses them: on every setup, the embedded demo too, a sandbox token must not be
 * able to make the server call its own network.
 */
export function allowPrivateAddresses(): boolean {
  return config.webhooksAllowPrivate;
}
