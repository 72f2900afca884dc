/** The texts of the catalogue tables of the feedbackAdmin namespace: each section names them alike. */
import { catalogueTexts, type CatalogueTextKey, type CatalogueTexts } from '../../components/CatalogueTable';
import { useTranslation } from '../../i18n';

export function useTableTexts(section: 'categories' | 'attributes' | 'functions'): CatalogueTexts {
  const { t } = useTranslation('feedbackAdmin');
  // Each section's keys are built from its written name, as the catalogue check (tools/catalogue-use.test.ts) reads them.
  const texts = {
    categories: (key: CatalogueTextKey, name?: string) => t(`categories.${key}`, { name }),
    attributes: (key: CatalogueTextKey, name?: string) => t(`attributes.${key}`, { name }),
    functions: (key: CatalogueTextKey, name?: string) => t(`functions.${key}`, { name }),
  };
  return catalogueTexts(texts[section]);
}
