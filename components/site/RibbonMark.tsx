/** The Ribbon bow (the catalogue's Ribbon logo without its word), decorative: name it where it is used. */
export function RibbonMark({ className }: { className?: string }) {
  return (
    <svg viewBox="-40 -28 80 70" aria-hidden="true" focusable="false" className={className}>
      <path d="M-4 4L-20 34L-11 31L-7 40L3 6ZM4 4L20 34L11 31L7 40L-3 6Z" fill="#c2272d" />
      <path d="M0 0C-10-22-38-26-38-6C-38 12-12 8 0 0ZM0 0C10-22 38-26 38-6C38 12 12 8 0 0Z" fill="#e5484d" />
      <path
        d="M-6-2C-14-12-28-14-28-6M6-2C14-12 28-14 28-6"
        stroke="#c2272d"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="-8" y="-8" width="16" height="15" rx="5" fill="#c2272d" />
    </svg>
  );
}
