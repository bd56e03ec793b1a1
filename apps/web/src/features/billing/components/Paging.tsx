import { Box, Pagination } from '@mui/material';

interface PagingProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}

/** Numbered pages under a table; the page is kept in the URL by the caller. */
export function Paging({ page, totalPages, onPage, label }: PagingProps) {
  if (totalPages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination
        count={totalPages}
        page={Math.min(page, totalPages)}
        onChange={(_event, next) => onPage(next)}
        color="primary"
      />
    </Box>
  );
}
