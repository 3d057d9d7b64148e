import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSignInAgain, type AddedRemote, type Remote } from '../../api/remotes';
import { FormModal, mountedWhileOpen } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { remoteFormError } from './RemoteProblemAlert';
import { openSignInPage } from './sign-in-page';
import { SignInFields, type SignInMethod } from './SignInFields';
import type { PendingSignIn } from './SignInModal';

interface Props {
  remote: Remote;
  onClose: () => void;
  onSigningIn: (signIn: PendingSignIn) => void;
}

/** Signs a remote in again (after the team hub revoked it, or a sign-in left unfinished): in the browser, or with a new token. */
export const SignInAgainModal = mountedWhileOpen(function SignInAgainForm({ remote, onClose, onSigningIn }: Props) {
  const { values, set } = useFormValues({ method: (remote.sign_in === 'token' ? 'token' : 'browser') as SignInMethod, token: '' }, true);
  const signIn = useSignInAgain();
  const onSuccess = (added: AddedRemote) => {
    if (added.authorize_url) {
      openSignInPage(added.authorize_url);
      onSigningIn({ name: added.remote.name, authorizeUrl: added.authorize_url });
      return;
    }
    notifications.show({ color: 'green', message: `Remote ${added.remote.name} is signed in again.` });
  };
  return (
    <FormModal
      title={`Sign in to ${remote.name} again`}
      opened
      onClose={onClose}
      mutation={signIn}
      request={() => ({ name: remote.name, ...(values.method === 'token' ? { token: values.token.trim() } : {}) })}
      onSuccess={onSuccess}
      fields={['token']}
      renderError={remoteFormError(null)}
      submitLabel="Sign in"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {remote.url}
      </Text>
      <SignInFields
        method={values.method}
        token={values.token}
        onMethod={(method) => set('method', method)}
        onToken={(token) => set('token', token)}
        error={signIn.error}
      />
    </FormModal>
  );
});
