import { PasswordInput, Radio, Stack } from '@mantine/core';
import { fieldErrorsUnder } from '../../components/field-errors';

export type SignInMethod = 'browser' | 'token';

interface Props {
  method: SignInMethod;
  token: string;
  onMethod: (method: SignInMethod) => void;
  onToken: (token: string) => void;
  error: Error | null;
}

/** How to sign in to a team hub: in the browser (its consent page), or with a personal access token of the team hub. */
export function SignInFields({ method, token, onMethod, onToken, error }: Props) {
  return (
    <>
      <Radio.Group label="Sign in" value={method} onChange={(value) => onMethod(value as SignInMethod)}>
        <Stack gap="xs" mt="xs">
          <Radio value="browser" label="In the browser: sign in to the team hub and allow this hub there" />
          <Radio value="token" label="With a personal access token of the team hub (for a hub without a browser)" />
        </Stack>
      </Radio.Group>
      {method === 'token' && (
        <PasswordInput
          label="Personal access token"
          description="Made on the team hub's account page. This hub keeps it sealed and never shows it."
          value={token}
          onChange={(event) => onToken(event.currentTarget.value)}
          required
          autoComplete="off"
          maxLength={4096}
          error={fieldErrorsUnder(error, 'token')}
        />
      )}
    </>
  );
}
