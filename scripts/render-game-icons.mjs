// `node --import tsx scripts/render-game-icons.mjs`: draws the demo catalogue's game icons and
// vendor logos into apps/web/public/games (the drawing lives beside the server's demo catalogue).
await import('../apps/server/src/cli/render-game-icons.ts');
