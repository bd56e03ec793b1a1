import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from './font';

/** One area of the framebuffer, in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How the viewer wants pixels written (RFB's PIXEL_FORMAT); only true colour is served. */
export interface PixelFormat {
  bitsPerPixel: number;
  bigEndian: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
}

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [16, 20, 24];
const TEXT: Rgb = [208, 214, 220];
const BAR: Rgb = [37, 99, 235];
const BAR_TEXT: Rgb = [255, 255, 255];

const SCALE = 3;
const CELL_WIDTH = (GLYPH_WIDTH + 1) * SCALE;
const CELL_HEIGHT = (GLYPH_HEIGHT + 2) * SCALE;
export const COLUMNS = 64;
export const ROWS = 24;

/** A pixel of `colour` in the viewer's format. */
function pixelOf([r, g, b]: Rgb, format: PixelFormat): Buffer {
  const value =
    (Math.round((r * format.redMax) / 255) << format.redShift) |
    (Math.round((g * format.greenMax) / 255) << format.greenShift) |
    (Math.round((b * format.blueMax) / 255) << format.blueShift);
  const bytes = format.bitsPerPixel / 8;
  const pixel = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) {
    const shift = 8 * (format.bigEndian ? bytes - 1 - i : i);
    pixel[i] = (value >>> shift) & 0xff;
  }
  return pixel;
}

/**
 * A text console of 64×24 characters drawn with the 3×5 font: row 0 is a status bar, the rest a
 * terminal that scrolls. It remembers which rows changed, so a viewer is sent only those.
 */
export class TextScreen {
  readonly width = COLUMNS * CELL_WIDTH;
  readonly height = ROWS * CELL_HEIGHT;
  private lines: string[] = Array.from({ length: ROWS }, () => '');
  private cursor = { row: 1, column: 0 };
  private cursorShown = true;
  private dirty = new Set<number>();
  private listeners = new Set<() => void>();

  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private touch(row: number) {
    this.dirty.add(row);
    for (const listener of this.listeners) listener();
  }

  /** The status bar's text. */
  setBar(text: string) {
    if (this.lines[0] === text) return;
    this.lines[0] = text.slice(0, COLUMNS);
    this.touch(0);
  }

  setCursorShown(shown: boolean) {
    if (this.cursorShown === shown) return;
    this.cursorShown = shown;
    this.touch(this.cursor.row);
  }

  /** Writes at the cursor; `\n` starts a new line, scrolling the terminal rows up at the bottom. */
  write(text: string) {
    for (const char of text) {
      if (char === '\n') {
        this.newLine();
        continue;
      }
      if (this.cursor.column >= COLUMNS) this.newLine();
      const line = this.lines[this.cursor.row]!;
      this.lines[this.cursor.row] = line.padEnd(this.cursor.column) + char;
      this.cursor.column++;
      this.touch(this.cursor.row);
    }
  }

  backspace() {
    if (this.cursor.column === 0) return;
    this.cursor.column--;
    this.lines[this.cursor.row] = this.lines[this.cursor.row]!.slice(0, this.cursor.column);
    this.touch(this.cursor.row);
  }

  clear() {
    for (let row = 1; row < ROWS; row++) {
      this.lines[row] = '';
      this.dirty.add(row);
    }
    this.cursor = { row: 1, column: 0 };
    this.touch(1);
  }

  private newLine() {
    this.touch(this.cursor.row);
    if (this.cursor.row < ROWS - 1) this.cursor.row++;
    else {
      this.lines.splice(1, 1);
      this.lines.push('');
      for (let row = 1; row < ROWS; row++) this.dirty.add(row);
    }
    this.cursor.column = 0;
    this.touch(this.cursor.row);
  }

  /** The rows changed since the last call, as rectangles (and forgets them). */
  takeChanges(): Rect[] {
    const rows = [...this.dirty].sort((a, b) => a - b);
    this.dirty.clear();
    return rows.map((row) => ({ x: 0, y: row * CELL_HEIGHT, width: this.width, height: CELL_HEIGHT }));
  }

  /** The text of the screen's rows, for tests and logs. */
  text(): string[] {
    return [...this.lines];
  }

  /** The pixels of `rect` in the viewer's format, row by row. */
  render(rect: Rect, format: PixelFormat): Buffer {
    const colours = {
      background: pixelOf(BACKGROUND, format),
      text: pixelOf(TEXT, format),
      bar: pixelOf(BAR, format),
      barText: pixelOf(BAR_TEXT, format),
    };
    const bytes = format.bitsPerPixel / 8;
    const out = Buffer.alloc(rect.width * rect.height * bytes);
    for (let y = rect.y; y < rect.y + rect.height; y++) {
      const row = Math.floor(y / CELL_HEIGHT);
      const inCell = y % CELL_HEIGHT;
      const glyphRow = Math.floor(inCell / SCALE) - 1;
      const line = this.lines[row] ?? '';
      const isBar = row === 0;
      const cursorHere = this.cursorShown && row === this.cursor.row && row !== 0;
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        const column = Math.floor(x / CELL_WIDTH);
        const glyphColumn = Math.floor((x % CELL_WIDTH) / SCALE);
        let lit = false;
        if (glyphRow >= 0 && glyphRow < GLYPH_HEIGHT && glyphColumn < GLYPH_WIDTH) {
          const char = line[column];
          if (char && char !== ' ') lit = glyphOf(char)[glyphRow]![glyphColumn]!;
        }
        // The cursor: an underline under its cell.
        if (
          cursorHere &&
          column === this.cursor.column &&
          glyphRow === GLYPH_HEIGHT &&
          glyphColumn < GLYPH_WIDTH
        )
          lit = true;
        const pixel = isBar ? (lit ? colours.barText : colours.bar) : lit ? colours.text : colours.background;
        pixel.copy(out, ((y - rect.y) * rect.width + (x - rect.x)) * bytes);
      }
    }
    return out;
  }
}
