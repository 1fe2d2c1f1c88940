import { Chip } from '@mui/material';

/** A list's yes-or-no column as a chip: green with `yes` when on, grey with `no` when off. */
export function FlagChip({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return on ? <Chip size="small" color="success" label={yes} /> : <Chip size="small" label={no} />;
}
