/* What the accessibility C files share and hosts do not need. */
#ifndef GLM_ACCESSIBILITY_PRIVATE_H
#define GLM_ACCESSIBILITY_PRIVATE_H

#include <gtk/gtk-a11y.h>

/** glm_accessible_count_selection_requests() for an accessible type known already. */
void glm_accessible_count_selection_requests_of_accessible(GType accessible_type);

/** Adds a tree row's expandable and expanded states to `states`. */
void glm_accessible_add_tree_states(AtkStateSet *states, const GlmAccessibleRow *row);

#endif /* GLM_ACCESSIBILITY_PRIVATE_H */
