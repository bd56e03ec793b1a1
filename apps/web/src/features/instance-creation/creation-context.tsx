import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { saveDraft } from './draft';
import type { CreationValues } from './form-model';
import { type CreationCatalogue, useCreationCatalogue } from './use-creation-catalogue';

export type CreationChange = Partial<CreationValues> | ((values: CreationValues) => CreationValues);

interface CreationContextValue {
  values: CreationValues;
  apply: (change: CreationChange) => void;
  replace: (values: CreationValues) => void;
  catalogue: CreationCatalogue;
}

const CreationContext = createContext<CreationContextValue | null>(null);

/**
 * The configuration being built. One state object rather than a field-per-input form: choosing a plan,
 * an application or a quantity changes several fields together (extras, RAM, hostnames). Every change is
 * saved as the draft so sign-up, payment or a reload resume it.
 */
export function CreationProvider({
  initial,
  children,
}: {
  initial: () => CreationValues;
  children: ReactNode;
}) {
  const [values, setValues] = useState(initial);
  useEffect(() => saveDraft(values), [values]);
  const apply = useCallback(
    (change: CreationChange) =>
      setValues((v) => (typeof change === 'function' ? change(v) : { ...v, ...change })),
    [],
  );
  const catalogue = useCreationCatalogue(values);
  return (
    <CreationContext.Provider value={{ values, apply, replace: setValues, catalogue }}>
      {children}
    </CreationContext.Provider>
  );
}

export function useCreation(): CreationContextValue {
  const ctx = useContext(CreationContext);
  if (!ctx) throw new Error('useCreation outside CreationProvider');
  return ctx;
}
