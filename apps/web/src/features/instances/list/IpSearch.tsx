import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment } from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/TextInput';
import { isValidIpSearch } from '../search';

interface IpSearchProps {
  /** The address in the URL, if any. */
  value: string | undefined;
  /** A valid address, or undefined to search no more. */
  onSearch: (ipv4: string | undefined) => void;
}

/** The IPv4 search box: a valid address or empty, else the invalid-IP warning (instances.md §5). */
export function IpSearch({ value, onSearch }: IpSearchProps) {
  const { t } = useTranslation('instances');
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(value ?? ''), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidIpSearch(draft)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSearch(draft.trim() || undefined);
  };

  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={submit}
      sx={{ minWidth: 0, width: { xs: '100%', sm: 'auto' } }}
    >
      <TextInput
        id={id}
        size="small"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? t('search.invalid') : undefined}
        slotProps={{
          htmlInput: { inputMode: 'decimal', dir: 'ltr', autoComplete: 'off', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={t('search.submit')}>
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
    </Box>
  );
}
