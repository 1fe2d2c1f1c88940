/** Staff sign in with the shop's own accounts; a customer's password gets a clear refusal, not a blank page. */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { useLogin } from 'react-admin';
import { DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';

export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Введите email и пароль.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await login({ email, password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {SHOP_NAME}: управление
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Вход для сотрудников магазина.
          </Typography>
          <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
            <Stack spacing={2}>
              <TextField
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
              <TextField
                label="Пароль"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {busy ? 'Входим…' : 'Войти'}
              </Button>
              <Typography variant="body2">
                <Link href={paths.passwordReset(DEFAULT_COUNTRY)}>Забыли пароль?</Link> ·{' '}
                <Link href={paths.home(DEFAULT_COUNTRY)}>На сайт магазина</Link>
              </Typography>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
