import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** Atop a money page while the person's identity is unverified: why it matters, and a way there. */
export function IdentityNotice({ notice, verify }: { notice: string; verify: string }) {
  return (
    <Alert
      severity="warning"
      role="note"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/onboarding/verify">
          {verify}
        </Button>
      }
    >
      {notice}
    </Alert>
  );
}
