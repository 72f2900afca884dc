/** The texts of the catalogue tables of the feedbackAdmin namespace: each section names them alike. */
import type { CatalogueTexts } from '../../components/CatalogueTable';
import { useTranslation } from '../../i18n';

export function useTableTexts(section: 'categories' | 'attributes' | 'functions'): CatalogueTexts {
  const { t } = useTranslation('feedbackAdmin');
  return {
    tableLabel: t(`${section}.tableLabel`),
    search: t(`${section}.search`),
    add: t(`${section}.add`),
    emptyTitle: t(`${section}.emptyTitle`),
    emptyBody: t(`${section}.emptyBody`),
    activeColumn: t(`${section}.columns.active`),
    actionsColumn: t(`${section}.columns.actions`),
    activeLabel: (name) => t(`${section}.activeLabel`, { name }),
    deactivateTitle: (name) => t(`${section}.deactivateTitle`, { name }),
    deactivateBody: t(`${section}.deactivateBody`),
    edit: (name) => t(`${section}.edit`, { name }),
  };
}
