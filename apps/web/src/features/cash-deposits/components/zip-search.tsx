import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';

/** A ZIP code field and its search button; `onSearch` gets a 5-digit ZIP code. */
export function ZipSearch({
  label,
  help,
  action,
  initial = '',
  onSearch,
}: {
  label: string;
  help?: string;
  action: string;
  initial?: string;
  onSearch(zip: string): void;
}) {
  const [zip, setZip] = useState(initial);
  const valid = /^\d{5}$/.test(zip);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSearch(zip);
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label={label}
        value={zip}
        onChange={(event) => setZip(event.target.value.replace(/\D/g, '').slice(0, 5))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } }}
        size="small"
        sx={{ width: 170 }}
        {...(help ? { helperText: help } : {})}
      />
      <Button type="submit" variant="outlined" disabled={!valid} sx={{ minHeight: 40 }}>
        {action}
      </Button>
    </Box>
  );
}
