// Invoker commands (HTML `commandfor`/`command`): a button opens or closes a <dialog> without
// JavaScript. React 19.3 passes the lowercase attributes through but its types don't list them.
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs React's own type parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
