import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The bare pages build as the panel does (same plugin, same minifier), with nothing of Nimbus. */
export default defineConfig({ plugins: [react()], logLevel: 'warn', build: { emptyOutDir: true } });
