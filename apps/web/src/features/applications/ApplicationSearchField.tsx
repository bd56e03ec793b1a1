import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/form/TextInput';
import { SEARCH_MAX_LENGTH } from './search';

/** How long typing must pause before the list is searched: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  /** The name in the URL, if any. */
  value: string | undefined;
  /** The trimmed text, or undefined to search no more. */
  onSearch: (name: string | undefined) => void;
}

/** The name search: searches as the customer types, once typing pauses; Enter searches at once. */
export function ApplicationSearchField({ value, onSearch }: Props) {
  const { t } = useTranslation('applications');
  const [draft, setDraft] = useState(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What this field last put in the URL: a different name there came from elsewhere (clearing the
  // search, the browser's back button) and replaces the text, while a name the field sent itself must
  // not overwrite letters typed since.
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    clearTimeout(timer.current);
    setDraft(value ?? '');
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const name = text.trim() || undefined;
    if (name === sent.current) return;
    sent.current = name;
    onSearch(name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };

  return (
    <Box component="form" role="search" noValidate onSubmit={submit} sx={{ width: { xs: '100%', sm: 320 } }}>
      <TextInput
        type="search"
        size="small"
        fullWidth
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
        }}
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX_LENGTH, autoComplete: 'off', spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
