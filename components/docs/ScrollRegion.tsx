import type { ReactNode } from "react";

/** Focus outline of the docs' blocks that scroll sideways. */
export const SCROLL_FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ribbon-dark";

/**
 * A table that may be wider than the screen, in a box that scrolls sideways. The box takes the
 * focus so a keyboard can scroll it (axe: scrollable-region-focusable), and is named for screen readers.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`${className} overflow-x-auto ${SCROLL_FOCUS}`}>
      {children}
    </div>
  );
}
