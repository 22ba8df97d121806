/** Tailwind CSS v4 runs as a PostCSS plugin; Next's Turbopack picks this file up for every CSS import. */
const config = {
  plugins: { '@tailwindcss/postcss': {} },
};

export default config;
