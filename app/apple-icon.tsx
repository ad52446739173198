import { ImageResponse } from "next/og";

// The favicon's bow (app/icon.svg) as the PNG that iOS home screens want; drawn at build time, no fonts needed.
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

export default function AppleIcon() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#c2272d",
      }}
    >
      <svg width="150" height="150" viewBox="0 0 32 32">
        <path d="M16 14c-3-6-9-7-9-3 0 3 5 4 9 3zm0 0c3-6 9-7 9-3 0 3-5 4-9 3z" fill="#fff" />
        <path d="M16 14l-5 12 3-1 2 3zm0 0l5 12-3-1-2 3z" fill="#fecdd3" />
        <circle cx="16" cy="14" r="2.2" fill="#fff" />
      </svg>
    </div>,
    size,
  );
}
