import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accessInput, EVERYONE, type AccessDraft } from '../../access/access-summary';
import { AccessChoice, type AccessErrors } from '../../access/components/AccessChoice';
import { useSession } from '../../auth/use-session';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { useRetained } from '../../../shared/use-retained';
import { plural } from '../document-status';
import type { PutFile } from '../put-file';
import type { CatalogueSource } from '../source-catalogue';
import { checkFiles, type RejectedFile } from '../upload-rules';
import { isPending, useFileUpload, type UploadSummary } from '../use-file-upload';
import { FileDropZone } from './FileDropZone';
import { UploadFileList } from './UploadFileList';

export const UPLOAD_DIALOG_TITLE = 'Connect source: File Upload';

/** What a finished upload says; a full success goes to `onUploaded` when the page follows it. */
function notifySummary(
  summary: UploadSummary,
  onUploaded?: (sourceId: string, count: number) => void,
) {
  const { uploaded, failed, duplicates } = summary;
  if (failed.length === 0 && duplicates.length > 0) {
    notifications.show({
      color: 'yellow',
      title: `${plural(duplicates.length, 'file')} already uploaded`,
      message: `${uploaded.length > 0 ? `${plural(uploaded.length, 'file')} uploaded. ` : ''}Choose Replace or Skip for each file already in the workspace.`,
    });
    return;
  }
  if (failed.length === 0 && onUploaded && summary.sourceId) {
    onUploaded(summary.sourceId, uploaded.length);
    return;
  }
  if (failed.length === 0) {
    notifications.show({
      color: 'teal',
      title: `${plural(uploaded.length, 'file')} uploaded — indexing…`,
      message: 'Follow the indexing under Connected sources.',
    });
    return;
  }
  notifications.show({
    color: uploaded.length > 0 ? 'yellow' : 'red',
    title: `${plural(failed.length, 'file')} could not be uploaded`,
    message: (
      <Stack gap={2}>
        {uploaded.length > 0 && <Text size="sm">{plural(uploaded.length, 'file')} uploaded.</Text>}
        {failed.map((f) => (
          <Text size="sm" key={f.name}>
            {f.name}: {f.message}
          </Text>
        ))}
      </Stack>
    ),
  });
}

interface UploadDialogProps {
  /** The catalogue card that was clicked; null (and no `into`) closes the dialog. */
  connector: CatalogueSource | null;
  /** An existing upload source to add files to (instead of a new source from `connector`). */
  into?: { id: string; name: string } | null;
  onClose: () => void;
  /** Sources changed: files were added to `sourceId`, or an empty source was removed. */
  onChanged: (sourceId?: string) => void;
  /**
   * Every file was handed over: the page follows their indexing itself (in the source's row),
   * so no toast floats over the list. Without it, a toast says so.
   */
  onUploaded?: (sourceId: string, count: number) => void;
  /** Step 2 of the upload (tests pass a fake). */
  put?: PutFile;
}

/**
 * SPEC §2 'Connect source: File Upload': Name, Description (required) and files; or, opened
 * `into` an upload source, only the files. It stays open while bytes are sent (per-file
 * percent) and closes when every file is handed over; when some fail it stays open with each
 * file's reason, and a retry adds them to the same source.
 */
export function UploadDialog({
  connector,
  into = null,
  onClose,
  onChanged,
  onUploaded,
  put,
}: UploadDialogProps) {
  const shown = useRetained(connector);
  const target = useRetained(into);
  // Which way it was opened, kept while it animates closed.
  const adding = useRetained(into ? 'into' : connector ? 'new' : null) === 'into';
  const upload = useFileUpload({ put });
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [access, setAccess] = useState<AccessDraft>(EVERYONE);
  const [accessErrors, setAccessErrors] = useState<AccessErrors>({});
  const { user, permissions } = useSession();
  const open = useRef(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', description: '' },
    validate: {
      description: (value) => (value.trim() ? null : 'Describe what these files are about'),
    },
  });
  const { setValues } = form;

  // A connector that is not built yet names the source after itself (its exported files).
  const connectorId = connector?.id;
  const intoId = into?.id;
  const suggestedName = connector && !connector.available ? connector.name : '';
  useEffect(() => {
    open.current = connectorId !== undefined || intoId !== undefined;
    if (connectorId) setValues({ name: suggestedName, description: '' });
  }, [connectorId, intoId, suggestedName, setValues]);

  const pending = upload.items.filter(isPending);
  const awaitingChoice = upload.items.some((item) => item.status === 'duplicate');
  const started = upload.items.some((item) => item.status !== 'ready');
  const anyDone = upload.items.some((item) => item.status === 'done');

  const close = () => {
    open.current = false;
    void upload.reset().then((deleted) => deleted && onChanged());
    form.reset();
    setRejected([]);
    setFilesError(null);
    setProblem(null);
    setAccess(EVERYONE);
    setAccessErrors({});
    onClose();
  };

  const addFiles = (files: File[]) => {
    const { accepted, rejected: refused } = checkFiles(files);
    upload.add(accepted);
    setRejected(refused);
    if (accepted.length > 0) setFilesError(null);
  };

  const noFiles = () => {
    if (pending.length > 0) return false;
    setFilesError(
      awaitingChoice
        ? 'Choose Replace or Skip for each file already uploaded.'
        : 'Choose at least one file to upload.',
    );
    return true;
  };

  const send = async (values: { name: string; description: string }) => {
    setProblem(null);
    setAccessErrors({});
    if (noFiles()) return;
    setRejected([]);
    let summary: UploadSummary;
    try {
      summary = await upload.run(
        adding && target
          ? { ...values, sourceId: target.id }
          : { ...values, access: accessInput(access) },
      );
    } catch (error) {
      const { field, message } = describeError(error);
      if (field === 'description' || field === 'name') form.setFieldError(field, message);
      else if (field === 'memberIds' || field === 'groupIds') setAccessErrors({ [field]: message });
      else setProblem(message);
      return;
    }
    onChanged(summary.sourceId ?? undefined);
    if (!open.current) return; // closed while uploading: nothing more to say
    notifySummary(summary, onUploaded);
    // Open while a file failed or waits for Replace or Skip.
    if (summary.failed.length === 0 && summary.duplicates.length === 0) close();
  };
  // Files added to an existing source ask for nothing else.
  const validated = form.onSubmit(send, noFiles);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!adding) return validated(event);
    event.preventDefault();
    void send({ name: '', description: '' });
  };

  const comingSoon = !adding && shown && !shown.available;

  return (
    <Modal
      opened={connector !== null || into !== null}
      onClose={close}
      title={adding && target ? `Add files to ${target.name}` : UPLOAD_DIALOG_TITLE}
      size={560}
      closeOnClickOutside={!upload.running}
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {comingSoon && (
            <Alert variant="light" color="lumen" icon={<IconInfoCircle size={18} />}>
              Connecting {shown.name} directly is coming soon. Until then, upload files exported
              from {shown.name}: they are added as a file-upload source and indexed for search.
            </Alert>
          )}
          {problem && (
            <FormAlert title={adding ? 'Could not add the files' : 'Could not create the source'}>
              {problem}
            </FormAlert>
          )}
          {!adding && (
            <>
              <TextInput
                label="Name"
                placeholder="Uploaded files"
                maxLength={200}
                disabled={started}
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
              <Textarea
                label="Description"
                description="What these files are about, so your team knows what answers come from."
                placeholder="e.g. HR policies and the employee handbook"
                required
                autosize
                minRows={3}
                maxRows={6}
                maxLength={2000}
                disabled={started}
                data-autofocus
                key={form.key('description')}
                {...form.getInputProps('description')}
              />
              <AccessChoice
                label="Who can see this source"
                value={access}
                onChange={setAccess}
                owner={user}
                viewerId={user?.id}
                isAdmin={permissions?.includes('user.write') ?? false}
                errors={accessErrors}
                disabled={started}
                compact
              />
            </>
          )}
          <FileDropZone
            onFiles={addFiles}
            disabled={upload.running}
            error={filesError ?? undefined}
          />
          <UploadFileList
            items={upload.items}
            rejected={rejected}
            onRemove={upload.running ? undefined : upload.remove}
            onReplace={upload.running ? undefined : upload.replace}
            onSkip={upload.running ? undefined : upload.remove}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {upload.running ? 'Cancel upload' : anyDone ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" loading={upload.running}>
              {pending.length > 1 ? `Upload ${pending.length} files` : 'Upload'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
