// The bare app of `npm run bench -- pages` (scripts/bench/bare-app.ts): Next.js as Ribbon ships it
// (the repository's node_modules/next), with nothing of Ribbon's. Built into its own .next here.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // As Ribbon's build: types are not checked a second time by the build.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
