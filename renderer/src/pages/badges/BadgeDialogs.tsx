/**
 * Badge Control's dialogs: a badge (image uploaded and checked by the server before saving, name, category,
 * description, company and champion flags) and a badge category (name). Server field errors show on
 * their fields.
 */
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ImageAddRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { attachmentIssues, allowedExtensions } from '../../../../shared/attachments';
import { BADGE_CATEGORY_NAME_MAX, BADGE_DESCRIPTION_MAX, BADGE_NAME_MAX } from '../../../../shared/badges';
import type { Badge, BadgeCategory } from '../../../../shared/contracts/badges';
import { errorMessage } from '../../api/errors';
import { uploadBadgeImage, useAllBadgeCategories, useSaveBadge, useSaveBadgeCategory } from '../../api/hooks/badges';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { formFailure, useFieldMessages } from '../../components/form-fields';
import { MessageField } from '../../components/MessageField';
import { useTranslation } from '../../i18n';
import { BadgeImage } from './BadgeImage';

const useStyles = makeStyles({
  image: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  hidden: { display: 'none' },
  flags: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const ACCEPT = allowedExtensions('image')
  .map((e) => `.${e}`)
  .join(',');

type Key = 'name' | 'categoryId' | 'description' | 'imageId' | 'isCompany' | 'isChampion';

export function BadgeDialog({ badge, onClose }: { badge: Badge | null; onClose: () => void }) {
  const styles = useStyles();
  const form = useFormStyles();
  const { t } = useTranslation('badges');
  const categories = useAllBadgeCategories();
  const save = useSaveBadge();
  const messages = useFieldMessages<Key>();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(badge?.name ?? '');
  const [description, setDescription] = useState(badge?.description ?? '');
  const [categoryId, setCategoryId] = useState<number | null>(badge?.category.id ?? null);
  const [image, setImage] = useState<{ id: number; url: string; thumbnailUrl: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [isCompany, setIsCompany] = useState(badge?.isCompany ?? false);
  const [isChampion, setIsChampion] = useState(badge?.isChampion ?? false);
  const [formError, setFormError] = useState<string | null>(null);
  const shownImage = image ?? badge?.image ?? null;
  const options = (categories.data ?? []).filter((c) => c.isActive || c.id === badge?.category.id);
  const chosen = options.find((c) => c.id === categoryId);

  const rules = {
    name: !name.trim() ? t('dialog.nameRequired') : undefined,
    categoryId: categoryId === null ? t('dialog.categoryRequired') : undefined,
    imageId: !shownImage ? t('dialog.imageRequired') : undefined,
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const issue = attachmentIssues({ kind: 'image', name: file.name, size: file.size, contentType: file.type })[0];
    if (issue) {
      messages.setServerErrors({ imageId: issue.message });
      return;
    }
    messages.edited('imageId');
    setUploading(true);
    try {
      setImage(await uploadBadgeImage(file));
    } catch (error) {
      messages.setServerErrors({ imageId: errorMessage(error, t('dialog.uploadFailed')) });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const submit = () => {
    messages.submitted();
    if (rules.name || rules.categoryId || rules.imageId || uploading) return;
    const common = { name: name.trim(), description: description.trim() || null, isCompany, isChampion };
    const onError = (error: unknown) => {
      const failure = formFailure(error, { fallback: t('dialog.failed') });
      messages.setServerErrors(failure.fields);
      setFormError(failure.banner);
    };
    if (badge)
      save.mutate(
        {
          id: badge.id,
          changes: { ...common, categoryId: categoryId!, ...(image ? { imageId: image.id } : {}) },
        },
        { onSuccess: onClose, onError },
      );
    else
      save.mutate(
        { body: { ...common, categoryId: categoryId!, imageId: image!.id } },
        { onSuccess: onClose, onError },
      );
  };

  return (
    <FormDialog
      title={badge ? t('dialog.editTitle', { name: badge.name }) : t('dialog.addTitle')}
      formLabel={badge ? t('dialog.editLabel') : t('dialog.addTitle')}
      size="wide"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={badge ? t('dialog.submitEdit') : t('dialog.submitAdd')}
      pending={save.isPending}
    >
      <Field label={t('dialog.image')} required hint={t('dialog.imageHint')} {...messages.field('imageId', rules)}>
        <div className={styles.image}>
          <BadgeImage image={shownImage} name={name || t('dialog.image')} size={64} />
          <input
            ref={input}
            className={styles.hidden}
            type="file"
            accept={ACCEPT}
            aria-label={t('dialog.chooseImage')}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <Button icon={<ImageAddRegular />} disabled={uploading} onClick={() => input.current?.click()}>
            {shownImage ? t('dialog.replaceImage') : t('dialog.chooseImage')}
          </Button>
          {uploading ? <Spinner size="tiny" label={t('dialog.uploading')} /> : null}
        </div>
      </Field>
      <div className={form.grid}>
        <MessageField
          messages={messages}
          field="name"
          rules={rules}
          label={t('dialog.name')}
          required
          value={name}
          onChange={setName}
          maxLength={BADGE_NAME_MAX}
          autoFocus
        />
        <Field label={t('dialog.category')} required {...messages.field('categoryId', rules)}>
          <Dropdown
            placeholder={categories.isLoading ? t('dialog.loadingCategories') : t('dialog.chooseCategory')}
            value={chosen?.name ?? ''}
            selectedOptions={categoryId ? [String(categoryId)] : []}
            onOptionSelect={(_, d) => {
              setCategoryId(d.optionValue ? Number(d.optionValue) : null);
              messages.edited('categoryId');
            }}
          >
            {options.map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <MessageField
        messages={messages}
        field="description"
        label={t('dialog.description')}
        multiline
        value={description}
        onChange={setDescription}
        maxLength={BADGE_DESCRIPTION_MAX}
      />
      <div className={styles.flags}>
        <Checkbox
          checked={isCompany}
          label={t('dialog.isCompany')}
          onChange={(_, d) => setIsCompany(d.checked === true)}
        />
        <Text size={200}>{t('dialog.isCompanyHint')}</Text>
        <Checkbox
          checked={isChampion}
          label={t('dialog.isChampion')}
          onChange={(_, d) => setIsChampion(d.checked === true)}
        />
        <Text size={200}>{t('dialog.isChampionHint')}</Text>
      </div>
    </FormDialog>
  );
}

export function BadgeCategoryDialog({ category, onClose }: { category: BadgeCategory | null; onClose: () => void }) {
  const { t } = useTranslation('badges');
  const save = useSaveBadgeCategory();
  const messages = useFieldMessages<'name'>();
  const [name, setName] = useState(category?.name ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const rules = { name: !name.trim() ? t('dialog.nameRequired') : undefined };
  const submit = () => {
    messages.submitted();
    if (rules.name) return;
    save.mutate(
      { id: category?.id, name: name.trim() },
      {
        onSuccess: onClose,
        onError: (error) => {
          const failure = formFailure(error, { fallback: t('dialog.failed') });
          messages.setServerErrors(failure.fields);
          setFormError(failure.banner);
        },
      },
    );
  };
  return (
    <FormDialog
      title={category ? t('categories.editTitle', { name: category.name }) : t('categories.addTitle')}
      formLabel={category ? t('categories.editLabel') : t('categories.addTitle')}
      size="medium"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={category ? t('dialog.submitEdit') : t('dialog.submitAdd')}
      pending={save.isPending}
    >
      <MessageField
        messages={messages}
        field="name"
        rules={rules}
        label={t('dialog.name')}
        required
        value={name}
        onChange={setName}
        maxLength={BADGE_CATEGORY_NAME_MAX}
        autoFocus
      />
    </FormDialog>
  );
}
