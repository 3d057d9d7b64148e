import { Button, Checkbox, Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { capabilitiesQuery } from '../../../api/admin';
import type { SandboxStartupRequest } from '../../../api/admin-types';

// Select needs a value for "let the hub choose"; no image or profile is named like this.
const DEFAULT = '(default)';

/** The diagnostic's options: image and compute profile from the deployment's capabilities (default when left alone), and the optional benchmark. */
export function DiagnosticForm({ onRun, running }: { onRun: (body: SandboxStartupRequest) => void; running: boolean }) {
  const capabilities = useQuery(capabilitiesQuery);
  const [image, setImage] = useState(DEFAULT);
  const [profile, setProfile] = useState(DEFAULT);
  const [benchmark, setBenchmark] = useState(false);
  const images = capabilities.data?.sandbox_images ?? [];
  const profiles = capabilities.data?.compute_profiles.map((entry) => entry.name) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun({
      ...(image !== DEFAULT ? { image } : {}),
      ...(profile !== DEFAULT ? { compute_profile: profile } : {}),
      ...(benchmark ? { environment_setup_benchmark: true } : {}),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Diagnostic options">
      <Group align="flex-end" gap="md">
        <Select
          label="Image"
          w={280}
          data={[{ value: DEFAULT, label: 'Default image' }, ...images.map((value) => ({ value, label: value }))]}
          value={image}
          onChange={(value) => setImage(value ?? DEFAULT)}
          allowDeselect={false}
          disabled={running}
        />
        <Select
          label="Compute profile"
          w={220}
          data={[{ value: DEFAULT, label: 'Default profile' }, ...profiles.map((value) => ({ value, label: value }))]}
          value={profile}
          onChange={(value) => setProfile(value ?? DEFAULT)}
          allowDeselect={false}
          disabled={running}
        />
        <Checkbox
          label="Also benchmark environment set-up"
          checked={benchmark}
          onChange={(event) => setBenchmark(event.currentTarget.checked)}
          disabled={running}
          mb={8}
        />
        <Button type="submit" loading={running}>
          Run diagnostic
        </Button>
      </Group>
      {capabilities.isError && (
        <Text size="sm" mt="xs" role="alert">
          The images and compute profiles could not be listed ({capabilities.error.message}); a run uses the defaults.
        </Text>
      )}
    </form>
  );
}
