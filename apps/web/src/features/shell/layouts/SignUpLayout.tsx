import type { ReactNode } from 'react';
import { BenefitsList } from '../parts/BenefitsList';
import { SplitScreen } from '../parts/SplitScreen';

/** Sign-up: the form beside the list of what a new customer gets. */
export function SignUpLayout({ children }: { children: ReactNode }) {
  return <SplitScreen aside={<BenefitsList />}>{children}</SplitScreen>;
}
