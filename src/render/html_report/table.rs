//! A table on the report page as data and as HTML: a caption, column headings and rows of
//! cells, each row with an optional class (the play made, a group heading).

use super::super::picture::xml_escape;
use std::fmt::Write;

/// A table to show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// The caption (what the table is).
    pub caption: String,
    /// The CSS class of the table.
    pub class: String,
    /// The column headings (the first heads the row labels).
    pub columns: Vec<String>,
    /// The rows.
    pub rows: Vec<TableRow>,
}

/// One row: its cells, the first one the row's heading.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableRow {
    /// The cells in column order.
    pub cells: Vec<String>,
    /// The row's CSS class (`played`, `group`), or empty.
    pub class: String,
}

impl TableRow {
    /// A plain row of `cells`.
    #[must_use]
    pub fn of(cells: Vec<String>) -> TableRow {
        TableRow {
            cells,
            class: String::new(),
        }
    }

    /// A heading row spanning the table: the start of a group of rows.
    #[must_use]
    pub fn group(title: &str) -> TableRow {
        TableRow {
            cells: vec![title.to_string()],
            class: "group".to_string(),
        }
    }
}

/// Appends `table` to `html` (in a box that scrolls sideways on a narrow screen): column headings are `th scope="col"`, each row's first cell a
/// `th scope="row"`, a group row one heading cell across all the columns.
pub fn write_table(html: &mut String, table: &Table) {
    let _ = write!(
        html,
        "<div class=\"table\"><table class=\"{}\">\n<caption>{}</caption>\n",
        xml_escape(&table.class),
        xml_escape(&table.caption)
    );
    if !table.columns.is_empty() {
        html.push_str("<thead><tr>");
        for column in &table.columns {
            let _ = write!(html, "<th scope=\"col\">{}</th>", xml_escape(column));
        }
        html.push_str("</tr></thead>\n");
    }
    html.push_str("<tbody>\n");
    let width = table.columns.len().max(1);
    for row in &table.rows {
        if row.class.is_empty() {
            html.push_str("<tr>");
        } else {
            let _ = write!(html, "<tr class=\"{}\">", xml_escape(&row.class));
        }
        if row.class == "group" {
            let title = row.cells.first().map_or("", String::as_str);
            let _ = write!(
                html,
                "<th scope=\"colgroup\" colspan=\"{width}\">{}</th>",
                xml_escape(title)
            );
        } else {
            for (index, cell) in row.cells.iter().enumerate() {
                if index == 0 {
                    let _ = write!(html, "<th scope=\"row\">{}</th>", xml_escape(cell));
                } else {
                    let _ = write!(html, "<td>{}</td>", xml_escape(cell));
                }
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table></div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_have_headings_and_text_is_escaped() {
        let table = Table {
            caption: "Plays & equities".to_string(),
            class: "candidates".to_string(),
            columns: vec!["#".to_string(), "Play".to_string()],
            rows: vec![
                TableRow::group("Chequer play"),
                TableRow {
                    cells: vec!["1".to_string(), "bar/22*".to_string()],
                    class: "played".to_string(),
                },
            ],
        };
        let mut html = String::new();
        write_table(&mut html, &table);
        assert!(html.contains("<caption>Plays &amp; equities</caption>"));
        assert!(html.contains("<th scope=\"colgroup\" colspan=\"2\">Chequer play</th>"));
        assert!(html.contains("<tr class=\"played\"><th scope=\"row\">1</th><td>bar/22*</td></tr>"));
        assert_eq!(html.matches("<tr").count(), 3);
    }
}
