import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Feedback } from '@/lib/money-errors';
import { useClearSuccess } from '@/lib/use-clear-success';

export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // Spec §4 and §9: a success message clears itself after 5 s; errors stay until the next try.
  useClearSuccess(feedback, () => setFeedback(null));
  return [feedback, setFeedback] as const;
}

/**
 * The message above a form: errors are alerts, other messages a polite status. Identity refusals
 * link to the verification page; a message with a `link` links where it says.
 */
export function FeedbackMessage({ feedback }: { feedback: Feedback | null }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ mb: feedback ? 2 : 0 }}>
      {feedback && (
        <Alert
          severity={feedback.severity}
          role={feedback.severity === 'error' ? 'alert' : 'status'}
          action={
            feedback.identity ? (
              <Button color="inherit" size="small" component={RouterLink} to="/onboarding/verify">
                {t('actions.verifyIdentity')}
              </Button>
            ) : feedback.link ? (
              <Button color="inherit" size="small" component={RouterLink} to={feedback.link.to}>
                {feedback.link.label}
              </Button>
            ) : undefined
          }
        >
          {feedback.text}
        </Alert>
      )}
    </Box>
  );
}
