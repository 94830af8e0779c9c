import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** Atop a money page while the person's identity is unverified: why it matters, and a way there. */
export function IdentityNotice({
  notice,
  verify,
  mb = 3,
}: {
  notice: string;
  verify: string;
  /** Its space below: none where its container already spaces its children (a grid's gap). */
  mb?: number;
}) {
  return (
    <Alert
      severity="warning"
      role="note"
      sx={{ mb }}
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
