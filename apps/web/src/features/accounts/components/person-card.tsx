import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The first character of the name, upper-cased; "U" (for User) without one. */
function avatarLetter(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

/** A person's public card: avatar letter, name (the page heading) and @username. Nothing private. */
export function PersonCard({
  name,
  username,
  children,
}: {
  name: string;
  username: string;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent
        sx={{
          p: { xs: 3, sm: 4 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <Avatar
          aria-hidden
          sx={{ width: 80, height: 80, bgcolor: 'primary.main', fontSize: 36, fontWeight: 700 }}
        >
          {avatarLetter(name)}
        </Avatar>
        <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            @{username}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
