import { build } from 'vite';
import { gzipSync } from 'node:zlib';
const want = new RegExp(process.env.CHUNKS ?? '^(schemas|index|zod|framework|mui)-');
await build({
  logLevel: 'error',
  build: { outDir: '/tmp/webmap', emptyOutDir: true },
  plugins: [{
    name: 'an',
    generateBundle(_, bundle) {
      for (const [name, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk' || !want.test(name)) continue;
        console.log(`== ${name} ${(gzipSync(c.code).length/1024).toFixed(1)} KB gz; imports: ${c.imports.join(' ')}`);
        const mods = Object.entries(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, ''), m.renderedLength]).sort((a, b) => b[1] - a[1]);
        for (const [id, len] of mods.slice(0, Number(process.env.TOP ?? 40))) console.log(String(len).padStart(8), id);
      }
    },
  }],
});
