import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAddRemote, type AddedRemote } from '../../api/remotes';
import { fieldErrorsUnder } from '../../components/field-errors';
import { FormModal } from '../../components/FormModal';
import { MONO_INPUT } from '../../components/mono-input';
import { useFormValues } from '../../components/use-form-values';
import { remoteFormError } from './RemoteProblemAlert';
import { openSignInPage } from './sign-in-page';
import { SignInFields, type SignInMethod } from './SignInFields';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A browser sign-in was started: the dialog that follows it. */
  onSigningIn: (added: AddedRemote) => void;
  /** Signed in at once with a token. */
  onConnected: (added: AddedRemote) => void;
}

const START = { name: '', url: '', method: 'browser' as SignInMethod, token: '' };

/** Adds a remote: its name here, the team hub's address, and how to sign in there. */
export function AddRemoteModal({ opened, onClose, onSigningIn, onConnected }: Props) {
  const { values, set } = useFormValues(START, opened);
  const add = useAddRemote();
  const onSuccess = (added: AddedRemote) => {
    if (added.authorize_url) {
      openSignInPage(added.authorize_url);
      onSigningIn(added);
      return;
    }
    const who = added.remote.user_name ? ` as ${added.remote.user_name}` : '';
    notifications.show({ color: 'green', message: `Signed in to ${added.remote.hub?.name ?? added.remote.url}${who}.` });
    onConnected(added);
  };
  return (
    <FormModal
      title="Add a remote"
      opened={opened}
      onClose={onClose}
      mutation={add}
      request={() => ({
        name: values.name.trim(),
        url: values.url.trim(),
        ...(values.method === 'token' ? { token: values.token.trim() } : {}),
      })}
      onSuccess={onSuccess}
      fields={['name', 'url', 'token']}
      renderError={remoteFormError(null)}
      submitLabel={values.method === 'token' ? 'Add remote' : 'Add and sign in'}
    >
      <TextInput
        label="Address of the team hub"
        description="Where you open it in the browser, with its path if it has one."
        placeholder="https://hub.example.com"
        value={values.url}
        onChange={(event) => set('url', event.currentTarget.value)}
        required
        type="url"
        maxLength={2048}
        data-autofocus
        styles={MONO_INPUT}
        error={fieldErrorsUnder(add.error, 'url')}
      />
      <TextInput
        label="Name"
        description="What this hub and its command line call it: lower-case letters, digits and dashes."
        placeholder="team"
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value.toLowerCase())}
        required
        maxLength={40}
        styles={MONO_INPUT}
        error={fieldErrorsUnder(add.error, 'name')}
      />
      <SignInFields
        method={values.method}
        token={values.token}
        onMethod={(method) => set('method', method)}
        onToken={(token) => set('token', token)}
        error={add.error}
      />
    </FormModal>
  );
}
