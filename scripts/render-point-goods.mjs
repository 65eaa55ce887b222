// `node --import tsx scripts/render-point-goods.mjs`: draws the demo points-mall goods into
// apps/web/public/demo/points (the drawing lives beside the server's demo seed).
await import('../apps/server/src/cli/render-point-goods.ts');
