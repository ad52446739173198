import Link from "next/link";
import { SandboxBanner } from "./ModeSwitch";

type Props = { backHref: string; title: string; sandbox: boolean };

/** The top of the dashboard's sending pages (send one gift, upload a CSV): back to the gifts, the title, the sandbox mark. */
export function SendingPageHeader({ backHref, title, sandbox }: Props) {
  return (
    <>
      <p className="text-sm">
        <Link href={backHref} className="underline">
          ← All gifts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{title}</h1>
      {sandbox && <SandboxBanner />}
    </>
  );
}

/** What a viewer sees instead of a sending form (the server refuses their posts anyway). */
export function ViewersDontSend() {
  return (
    <p role="note" className="mt-6 rounded-lg bg-stone-100 px-4 py-3">
      Viewers see the team&apos;s gifts but don&apos;t send them. Ask an owner to make you a member.
    </p>
  );
}
