import type { MetadataRoute } from "next";

/** The web app manifest: Ribbon's name, colours and icons for home screens and tabs. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Ribbon",
    short_name: "Ribbon",
    description: "Send gifts through an API: recipients pick the present they want from a curated collection.",
    start_url: "/",
    display: "browser",
    background_color: "#fafaf9",
    theme_color: "#ffffff",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/apple-icon", sizes: "180x180", type: "image/png" },
    ],
  };
}
