import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { downloadFile } from './download.ts';

/** A button that downloads an API attachment with the session's token and says when it fails. */
export function DownloadButton({
  url,
  filename,
  children,
  variant = 'text',
}: {
  url: string;
  filename: string;
  children: React.ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(url, filename);
    } catch (error) {
      notify(`Не удалось скачать файл: ${apiErrorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={variant} startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy}>
      {children}
    </Button>
  );
}
