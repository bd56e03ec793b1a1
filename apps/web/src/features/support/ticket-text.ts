import { TICKET_TITLE_PREVIEW_CHARS } from '@nimbus/contract';

/** A subject cut for a narrow column (the dashboard's 45 characters), never halfway through an emoji. */
export function previewTitle(title: string, chars = TICKET_TITLE_PREVIEW_CHARS): string {
  const characters = Array.from(title);
  return characters.length > chars ? `${characters.slice(0, chars).join('')}…` : title;
}

/** A file's size in the panel's language: "812 B", "12 kB", "1.9 MB" (decimal units, as the 2 MB limit). */
export function formatFileSize(bytes: number, language: string): string {
  const [unit, value] =
    bytes < 1000
      ? ['byte', bytes]
      : bytes < 1_000_000
        ? ['kilobyte', bytes / 1000]
        : ['megabyte', bytes / 1e6];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value as number);
}
