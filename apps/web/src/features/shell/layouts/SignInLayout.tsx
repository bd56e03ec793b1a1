import type { ReactNode } from 'react';
import { PromoSlides } from '../parts/PromoSlides';
import { SplitScreen } from '../parts/SplitScreen';

/** Sign-in, forgotten and reset password: the form beside the provider's promotional slides. */
export function SignInLayout({ children }: { children: ReactNode }) {
  return <SplitScreen aside={<PromoSlides />}>{children}</SplitScreen>;
}
