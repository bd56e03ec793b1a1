import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import type RFB from '@novnc/novnc';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../instance-detail/action-errors';
import { useInstanceDetail } from '../instance-detail/queries';
import { consoleSocketUrl, consoleTicket } from './queries';

type Phase = 'connecting' | 'connected' | 'disconnected' | 'failed';
const phaseColour = {
  connecting: 'warning',
  connected: 'success',
  disconnected: 'default',
  failed: 'error',
} as const;

/**
 * The remote console (/novnc?instanceId=, opened as a 1200×600 popup): noVNC drawing the instance's
 * screen over the panel's WebSocket, opened with a one-use ticket. Ctrl+Alt+Del and Reconnect sit in a
 * bar above the screen; the screen scales to the window.
 */
export function ConsolePage() {
  const { t } = useTranslation('instanceDetail');
  const { instanceId } = useSearch({ strict: false }) as { instanceId?: number };
  if (!instanceId)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{t('console.noInstance')}</Alert>
      </Box>
    );
  return <Console instanceId={instanceId} />;
}

function Console({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('instanceDetail');
  const instance = useInstanceDetail(instanceId);
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [problem, setProblem] = useState<string | null>(null);
  const hostname = instance.data?.hostname;

  useEffect(() => {
    document.title = hostname ? t('console.title', { hostname }) : t('console.button');
  }, [hostname, t]);

  const connect = useCallback(async () => {
    rfb.current?.disconnect();
    rfb.current = null;
    setPhase('connecting');
    setProblem(null);
    try {
      const [{ default: Rfb }, { ticket }] = await Promise.all([
        import('@novnc/novnc'),
        consoleTicket(instanceId),
      ]);
      if (!screen.current) return;
      const client = new Rfb(screen.current, consoleSocketUrl(instanceId, ticket), {
        wsProtocols: ['binary'],
      });
      client.scaleViewport = true;
      client.resizeSession = false;
      client.background = '#000';
      client.addEventListener('connect', () => {
        setPhase('connected');
        client.focus();
      });
      client.addEventListener('disconnect', () =>
        setPhase((now) => (now === 'connected' ? 'disconnected' : 'failed')),
      );
      rfb.current = client;
    } catch (error) {
      setProblem(serverDetail(error, t('console.failed')));
      setPhase('failed');
    }
  }, [instanceId, t]);

  useEffect(() => {
    void connect();
    return () => rfb.current?.disconnect();
  }, [connect]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
          {hostname ? t('console.title', { hostname }) : t('console.button')}
        </Typography>
        <Chip size="small" color={phaseColour[phase]} label={t(`console.phase.${phase}`)} role="status" />
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          startIcon={<KeyboardIcon />}
          disabled={phase !== 'connected'}
          onClick={() => rfb.current?.sendCtrlAltDel()}
        >
          {t('console.ctrlAltDel')}
        </Button>
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          onClick={() => void connect()}
          disabled={phase === 'connecting'}
        >
          {t('console.reconnect')}
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ m: 2 }}>
          {problem}
        </Alert>
      )}
      {phase === 'disconnected' && (
        <Alert severity="info" sx={{ m: 2 }}>
          {t('console.ended')}
        </Alert>
      )}
      <Box
        ref={screen}
        aria-label={t('console.screen')}
        role="application"
        sx={{ flex: 1, minHeight: 0, bgcolor: '#000', overflow: 'hidden' }}
      />
    </Box>
  );
}
