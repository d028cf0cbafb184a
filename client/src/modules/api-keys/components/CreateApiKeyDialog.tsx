import { Modal } from '@mantine/core';
import { useState } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { CreateApiKeyForm, type CreatedApiKey } from './CreateApiKeyForm';
import { NewApiKeySecret } from './NewApiKeySecret';

interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user's own permissions: a key gets some of them. */
  grantable: readonly string[];
}

/** Creates a key, then shows its secret once; closing forgets the secret for good. */
export function CreateApiKeyDialog({ opened, onClose, grantable }: CreateApiKeyDialogProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Copy your new API key' : 'Create API key'}
      size={520}
      // A stray click beside the dialog must not throw away a secret not yet copied.
      closeOnClickOutside={!created}
      {...DIALOG_PROPS}
    >
      {created ? (
        <NewApiKeySecret name={created.apiKey.name} secret={created.secret} onDone={close} />
      ) : (
        <CreateApiKeyForm grantable={grantable} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}
