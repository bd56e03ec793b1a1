import type { CaptchaClient } from './captcha';

/** Explicit rendering: the panel decides where and when the widget appears. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileRenderOptions {
  sitekey: string;
  language?: string;
  size?: 'normal' | 'flexible' | 'compact';
  callback?: (token: string) => void;
  'error-callback'?: () => void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
}

interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Adds Cloudflare's script once; a failed load is forgotten so the next attempt adds it again. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not initialise'));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Turnstile script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

// Turnstile names Chinese by region; the panel's other locales are Turnstile codes as they are.
const turnstileLanguage = (language: string) => (language === 'zh' ? 'zh-cn' : language);

export interface TurnstileClient extends CaptchaClient {
  /** Renders the widget into the container; the returned function removes it. */
  mount(container: HTMLElement): () => void;
}

export function createTurnstileClient(siteKey: string | null, language: string): TurnstileClient {
  let container: HTMLElement | null = null;
  let widgetId: string | null = null;
  let token: string | null = null;
  let api: TurnstileApi | null = null;

  const render = async () => {
    if (!container || widgetId || !siteKey) return;
    const target = container;
    api = await loadTurnstile();
    // The form may have unmounted while the script loaded.
    if (container !== target || widgetId) return;
    widgetId =
      api.render(target, {
        sitekey: siteKey,
        language: turnstileLanguage(language),
        size: 'flexible',
        callback: (value) => {
          token = value;
        },
        'error-callback': () => {
          token = null;
        },
        'expired-callback': () => {
          token = null;
        },
        'timeout-callback': () => {
          token = null;
        },
      }) ?? null;
  };

  return {
    mount(element) {
      container = element;
      render().catch(() => {});
      return () => {
        if (api && widgetId) api.remove(widgetId);
        container = null;
        widgetId = null;
        token = null;
      };
    },
    async getToken() {
      if (token) return token;
      if (!siteKey) throw new Error('Turnstile site key missing');
      // A widget that never rendered (script blocked or slow) gets another chance on each attempt.
      if (!widgetId) await render();
      if (token) return token;
      throw new Error('Turnstile has no token yet');
    },
    reset() {
      token = null;
      if (api && widgetId) api.reset(widgetId);
    },
  };
}
