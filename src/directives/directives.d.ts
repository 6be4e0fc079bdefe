// Our client directives, for type checking `client:interaction` on islands.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first interacts with the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
