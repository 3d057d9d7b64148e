// The desktop app's own settings, read and changed through its window's bridge (docs/desktop.md,
// "Docker") rather than the hub's API, cached like the API's reads.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesktopBridge, SandboxChoiceAnswer, SandboxDriverChoice } from '../desktop/desktop-bridge';

const sandboxDriverKey = ['desktop', 'sandbox-driver'] as const;

export const sandboxDriverQuery = (bridge: DesktopBridge) => queryOptions({ queryKey: sandboxDriverKey, queryFn: () => bridge.sandboxDriver() });

/** Saves the sandbox driver the next start uses; a refused choice answers `saved: false` with why. */
export function useChooseSandboxDriver(bridge: DesktopBridge, onAnswer: (answer: SandboxChoiceAnswer | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: SandboxDriverChoice) => bridge.chooseSandboxDriver(choice),
    onMutate: () => onAnswer(null),
    onSuccess: (answer) => {
      client.setQueryData(sandboxDriverKey, answer.state);
      onAnswer(answer);
    },
  });
}

/** Restarts the desktop app (its sessions are saved as on any quit). */
export function useRestartDesktop(bridge: DesktopBridge) {
  return useMutation({ mutationFn: () => bridge.restart() });
}
